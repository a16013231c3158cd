"""Whether a text gives away any piece of a secret (a password's first characters are as bad as all
of it, so every run of three of its characters counts), and malformed DATABASE_URLs that carry one."""

PIECE = 3

PASSWORD = "S3cr3tPa55w0rd"
ENCODED = "S3cr%33tPa55w0rd"
"""PASSWORD percent-encoded in part: the URL carries this form, the server gets PASSWORD."""

MALFORMED = {
    "[::1/db": "it must start with postgresql:// or postgres://",
    f"postgresql://u:{PASSWORD}@[::1/db": "its brackets do not hold an IPv6 address",
    f"postgresql://u:{PASSWORD}@[not-ipv6]/db": "its brackets do not hold an IPv6 address",
    "postgresql://u:S3c[r3tPa55w0rd@127.0.0.1/db": "its brackets do not hold an IPv6 address",
    f"postgresql://u:{PASSWORD}@127.0.0.1:99999/db": "its port must be a number from 1 to 65535",
    f"postgresql://u:{PASSWORD}@127.0.0.1:port/db": "its port must be a number from 1 to 65535",
    f"postgresql://u:{ENCODED}@127.0.0.1:0/db": "its port must be a number from 1 to 65535",
    f"//u:{PASSWORD}@127.0.0.1/db": "it must start with postgresql:// or postgres://",
    f"mysql://u:{PASSWORD}@127.0.0.1/db": "it must start with postgresql:// or postgres://",
    f"postgresql://u:{PASSWORD}@/db": "it names no host",
    f"postgresql:/u:{PASSWORD}@127.0.0.1/db": "it names no host",
    "postgresql://u:S3c/r3tPa55w0rd@127.0.0.1/db": "its password holds a character to percent-encode",
    "postgresql://u:S3c?r3tPa55w0rd@127.0.0.1/db": "its password holds a character to percent-encode",
    "postgresql://u:S3c#r3tPa55w0rd@127.0.0.1/db": "its password holds a character to percent-encode",
    f"postgresql://u:{PASSWORD}@local host/db": "its host has a space in it",
    "postgresql://u:S3c@r3tPa55w0rd@127.0.0.1/db": "its password holds an @",
}
"""DATABASE_URLs no program may start with, each with the start of the reason it says."""


def pieces(secret: str, text: str) -> set[str]:
    """The runs of PIECE characters of `secret` that `text` contains (case-sensitively)."""
    return {secret[i : i + PIECE] for i in range(len(secret) - PIECE + 1)} & {
        text[i : i + PIECE] for i in range(len(text) - PIECE + 1)
    }

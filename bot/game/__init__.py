"""Pay Day rules engine: pure Python, deterministic, no Discord and no I/O."""

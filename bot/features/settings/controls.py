"""The /payday settings panel's click targets, each carrying its custom_id's codec (`clicks`): its
buttons (`SettingsButton`) and its forms of menus (`SettingsForm`). The control and the form that
answer them live beside the handlers they call, in cog.py."""

from dataclasses import dataclass

from bot.render.custom_ids import CHANNEL, Added, Part, Target, clicks

EDITION = Part(r"[a-z]{1,12}", str)
ACTION = Part(r"[a-z_]{1,20}", str)


@clicks("pdc", guild_id=CHANNEL, ruleset=EDITION, action=ACTION, shown=Added("[01]", int, absent=None))
@dataclass(frozen=True, slots=True)
class SettingsButton(Target):
    """A button of the /payday settings panel: a switch (`action` one of SWITCHES), a form to open
    (one of FORMS), or the house rules of another edition to show (SHOW). `ruleset` is the edition
    whose house rules the panel shows (for SHOW, the one to show). `shown`: a switch's position
    on the panel (1: on), which it is switched from; None for the others, and on a switch from
    before switches carried it."""

    guild_id: int
    ruleset: str
    action: str
    shown: int | None = None


@clicks("pdcf", guild_id=CHANNEL, ruleset=EDITION, form=ACTION, version=Added(r"[0-9]{1,12}", int, absent=0))
@dataclass(frozen=True, slots=True)
class SettingsForm(Target):
    """A form of the settings panel (`form`: one of FORMS), submitted. `version`: that of the
    settings it showed, which it sends back whole: saved only if nobody saved them since (0 on a
    form from before forms carried it, as on a server that never chose)."""

    guild_id: int
    ruleset: str
    form: str
    version: int

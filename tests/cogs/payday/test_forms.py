"""Every form the bot sends is answered by one router (cogs/payday/_forms.py), as its controls are:
each kind of form names its codec and the handler it calls, and needs no listener of its own; no two
kinds of form read one prefix."""

import dataclasses
import sys

import pytest

import bot.features.settings.cog  # noqa: F401 - the settings panel's controls and forms register
from bot.features.settings.controls import SettingsForm
from bot.render import components as c
from bot.render import custom_ids as ids
from cogs.payday import _forms
from cogs.payday._cog import Payday
from cogs.payday._forms import Form, read_form
from tests.cogs.payday.rig import cog, load, start_game
from tests.cogs.payday.test_items import Recorder
from tests.helpers import click, refusal, slash

C, G = 12345678901234567890, 987654321098  # the longest channel and game ids a custom_id carries
CHOSEN = {"ruleset": "family", "months": "5"}

OLD_FORM_IDS = [
    (f"pdx:{C}:{G}:loan", {"amount": "2,000"}, c.SubmitForm(C, G, "loan"), "money_submit", "2,000"),
    (f"pdx:{C}:{G}:repay", {}, c.SubmitForm(C, G, "repay"), "money_submit", ""),
    (f"pdcf:{C}:family:game:12", CHOSEN, SettingsForm(C, "family", "game", 12), "settings_submit", CHOSEN),
    (f"pdcf:{C}:modern:game", CHOSEN, SettingsForm(C, "modern", "game", 0), "settings_submit", CHOSEN),
    (
        f"pdyf:l:{C}:{G}:salary:3500",
        {"value": "4000"},
        c.HouseForm("l", C, str(G), "salary", "3500"),
        "house_submit",
        "4000",
    ),
    (f"pdyf:s:{C}:classic:salary", {}, c.HouseForm("s", C, "classic", "salary", None), "house_submit", ""),
]
"""One of each form ever sent, as submitted: its custom_id and fields, the target read back, and the
handler it reaches with what it was given."""


@pytest.fixture
def forms(monkeypatch) -> dict:
    """The router's kinds of form, as a copy that a test's new kinds are forgotten with."""
    monkeypatch.setattr(_forms, "FORMS", dict(_forms.FORMS))
    return _forms.FORMS


@pytest.mark.parametrize(("custom_id", "fields", "target", "handler", "given"), OLD_FORM_IDS)
async def test_each_form_already_sent_reaches_its_handler(custom_id, fields, target, handler, given):
    form = read_form(custom_id, fields)
    assert form is not None and form.target == target

    recorder = Recorder()
    await form.handle(recorder, None)

    assert recorder.calls == [(handler, (target, given))]


@pytest.mark.parametrize("custom_id", [f"pdx:{C}:{G}:steal", f"pdb:{C}:{G}:loan", "pdzz:1", ""])
def test_a_custom_id_of_no_form_of_the_bots_reaches_no_handler(custom_id):
    assert read_form(custom_id, {}) is None


@dataclasses.dataclass(frozen=True)
class Note:
    channel_id: int


async def test_a_new_kind_of_form_is_answered_with_no_listener_of_its_own(env, monkeypatch):
    # The bot's own copy of the router: discord.py imports an extension anew for each bot it loads.
    router = sys.modules["cogs.payday._forms"]
    monkeypatch.setattr(router, "FORMS", dict(router.FORMS))
    received = []

    class NoteForm(router.Form[Note, Payday]):
        codec = ids.Codec("pdzz", Note, channel_id=ids.CHANNEL)
        part = sys.modules["cogs.payday._cog"].Payday

        async def handle(self, cog, interaction) -> None:
            received.append((self.target, dict(self.fields)))
            await interaction.response.send_message("Noted.", ephemeral=True)

    game = await start_game(env, 2)
    alice = game.players[0]
    panel = (await slash(alice, game.channel, "payday hand")).response.message
    form = await click(alice, panel, label="Borrow…")
    form._interaction.modal["custom_id"] = f"pdzz:{game.channel.id}"  # the new kind's form

    result = await alice.submit_modal(form, {"amount": "1000"})

    assert received == [(Note(game.channel.id), {"amount": "1000"})]
    assert result.ephemeral and result.response.content == "Noted."
    assert (await load(env, game.channel)).state.players[0].loan == 0, "no money form was answered"
    assert [name for name, _ in cog(env).get_listeners()].count("on_interaction") == 1


def test_each_event_is_listened_to_by_one_part_of_the_cog():
    """discord.py keeps one listener per method name over the cog's parts: two parts listening to
    one event would each have to pick a name the other never takes, or one would silently be lost."""
    parts: dict[str, list[str]] = {}
    for part in Payday.__mro__:
        for method in vars(part).values():
            for event in getattr(method, "__cog_listener_names__", ()):
                parts.setdefault(event, []).append(part.__name__)
    assert parts["on_interaction"] == ["Forms"]
    assert all(len(names) == 1 for names in parts.values()), parts


def test_two_kinds_of_form_cannot_claim_one_prefix(forms):
    before = dict(forms)

    with pytest.raises(ValueError, match="'pdx' is MoneyForm's"):

        class Borrowing(Form[c.SubmitForm, Payday]):
            codec = ids.Codec("pdx", c.SubmitForm, channel_id=ids.CHANNEL, game_id=ids.GAME, kind=ids.MONEY)

    assert forms == before


async def test_a_form_forged_for_another_channel_is_refused_and_changes_nothing(env):
    game = await start_game(env, 2)
    alice = game.players[0]
    row = await env.bot.store.get(game.channel.id)
    panel = (await slash(alice, game.channel, "payday hand")).response.message
    form = await click(alice, panel, label="Borrow…")
    form._interaction.modal["custom_id"] = f"pdx:{game.channel.id + 1}:{row.game_id}:loan"

    result = await alice.submit_modal(form, {"amount": "1000"})

    assert result.ephemeral and refusal(result) == "That button belongs to another channel."
    assert (await load(env, game.channel)).state.players[0].loan == 0

"""Every kind of click target writes its custom_id with a codec of its own and reads it back: the
layouts already in channels read as they were written, a field added since reads as absent, and a
new kind of target never takes a prefix another kind has."""

import dataclasses
import re
from pathlib import Path

import pytest

from bot.features.settings.controls import SettingsButton, SettingsForm
from bot.render import components as c
from bot.render import custom_ids
from bot.render.custom_ids import CHANNEL, TARGETS, Target, clicks, custom_id
from tests.bot.test_layers import imported, within
from tests.cogs.payday.test_items import OLD_CUSTOM_IDS

C, G = 12345678901234567890, 987654321098  # the longest channel and game ids a custom_id carries


def test_the_form_of_a_panel_opened_before_reads_back_too():
    assert c.SubmitForm.codec.read(f"pdx:{C}:{G}:loan") == c.SubmitForm(C, G, "loan")
    assert c.SubmitForm.codec.read(f"pdx:{C}:{G}:steal") is None


def test_every_kind_of_target_carries_the_codec_of_its_own_fields_in_their_order():
    for prefix, target in TARGETS.items():
        assert target.codec.prefix == prefix and target.codec.target is target
        assert tuple(target.codec.parts) == tuple(f.name for f in dataclasses.fields(target)), prefix


@pytest.mark.parametrize("written", [written for written, _, _ in OLD_CUSTOM_IDS])
def test_a_custom_id_the_bot_writes_now_is_matched_by_one_template_and_reads_back(written):
    target = next(t for c, t, _ in OLD_CUSTOM_IDS if c == written)
    built = custom_id(target)
    assert len(built) <= 100
    matched = [kind.codec for kind in TARGETS.values() if re.fullmatch(kind.codec.template, built)]
    assert [codec.target for codec in matched] == [type(target)]
    assert matched[0].read(built) == target
    if not isinstance(target, c.RefreshHand):
        assert built == written  # the same layout as ever
    else:
        assert built == f"pdp:{C}:{G}"  # Refresh has its own prefix now (Rematch keeps pdr)


@pytest.fixture
def targets(monkeypatch) -> dict:
    """The kinds of target, as a copy that a test's new kinds are forgotten with."""
    monkeypatch.setattr(custom_ids, "TARGETS", dict(custom_ids.TARGETS))
    return custom_ids.TARGETS


def test_a_kind_defined_again_by_its_module_imported_anew_is_the_kind_already_bound(targets):
    """discord.py imports a feature's modules afresh each time its extension is loaded: the targets
    it defines again are the ones already bound, so a target stays equal to itself across loads."""

    def define() -> type:
        @clicks("pdzz", channel_id=CHANNEL)
        @dataclasses.dataclass(frozen=True, slots=True)
        class Note(Target):
            channel_id: int

        return Note

    first = define()
    codec = first.codec
    again = define()

    assert again is first and first.codec is codec and targets["pdzz"] is first
    assert again.codec.read(f"pdzz:{C}") == first(C)


def test_a_new_kind_of_target_is_written_and_read_by_the_codec_it_is_defined_with(targets):
    @clicks("pdzz", channel_id=CHANNEL)
    @dataclasses.dataclass(frozen=True, slots=True)
    class Note(Target):
        channel_id: int

    assert custom_id(Note(C)) == f"pdzz:{C}"
    assert Note.codec.read(f"pdzz:{C}") == Note(C)
    assert targets["pdzz"] is Note


def test_two_kinds_of_target_cannot_claim_one_prefix(targets):
    before = dict(targets)

    with pytest.raises(ValueError, match="'pdr' is Rematch's"):

        @clicks("pdr", channel_id=CHANNEL)
        @dataclasses.dataclass(frozen=True, slots=True)
        class Rerun(Target):
            channel_id: int

    assert targets == before


def test_a_settings_form_carries_the_version_it_showed_and_one_from_before_reads_as_version_0():
    codec = SettingsForm.codec
    form = SettingsForm(C, "family", "ending", 123456789012)
    assert len(codec.build(form)) <= 100
    assert codec.read(codec.build(form)) == form
    assert codec.read(f"pdcf:{C}:modern:game") == SettingsForm(C, "modern", "game", 0)
    assert codec.read(f"pdcf:{C}:modern:game:") is None


def test_a_house_rules_form_carries_the_value_it_showed_and_one_from_before_reads_as_none():
    codec = c.HouseForm.codec
    form = c.HouseForm("l", C, str(G), "loan_interest_pct", "20")
    assert len(codec.build(form)) <= 100
    assert codec.read(codec.build(form)) == form
    assert codec.read(f"pdyf:s:{C}:classic:salary") == c.HouseForm("s", C, "classic", "salary", None)


def test_a_settings_switch_carries_the_position_it_showed_and_the_panels_other_buttons_none():
    codec = SettingsButton.codec
    switch = SettingsButton(C, "modern", "calls", 1)
    assert codec.build(switch) == f"pdc:{C}:modern:calls:1"
    assert codec.read(codec.build(switch)) == switch
    assert codec.build(SettingsButton(C, "family", "show")) == f"pdc:{C}:family:show"
    assert codec.read(f"pdc:{C}:modern:calls:2") is None


def test_a_house_rules_reset_carries_a_mark_of_the_rules_it_showed_and_one_from_before_none():
    codec = c.HouseReset.codec
    reset = c.HouseReset("s", C, "classic", "0123456789")
    assert codec.build(reset) == f"pdyr:s:{C}:classic:0123456789"
    assert codec.read(codec.build(reset)) == reset
    assert codec.read(f"pdyr:l:{C}:{G}") == c.HouseReset("l", C, str(G))


def test_the_codecs_speak_no_discord():
    """A target and its codec are plain values: a use case's package may hold them."""
    assert within(imported(Path(custom_ids.__file__)), "discord") == []

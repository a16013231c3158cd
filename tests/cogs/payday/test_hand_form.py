"""The loan and repayment forms: the amount's field sits in a Label whose description states the
step and the limits (issue 30.4), not in the deprecated text-input label."""

import pytest

from tests.cogs.payday.rig import client_locales, rigged, start_game
from tests.cogs.payday.test_hand import open_hand
from tests.helpers import click

LABEL = 18
"""Discord's Label component type."""


def amount_field(modal: dict) -> dict:
    [label] = modal["components"]
    assert label["type"] == LABEL and not label["component"].get("label")
    return label


@pytest.mark.parametrize(
    ("locale", "button", "text", "description"),
    [
        ("en", "Borrow…", "Amount to borrow", "In $1,000 steps, up to $997,000; you owe $3,000."),
        (
            "it",
            "Prestito…",
            "Importo da prendere in prestito",
            "A multipli di 1.000\u00a0$, fino a 997.000\u00a0$; devi 3.000\u00a0$.",
        ),
    ],
)
async def test_the_loan_form_says_its_step_and_limits_in_a_label(
    env, monkeypatch, locale, button, text, description
):
    locales = client_locales(monkeypatch)
    game = await start_game(env, 2, months=1)
    alice = game.players[0]
    locales[alice.id] = locale
    async with rigged(env, game.channel) as state:
        state.players[0].loan = 3000
    panel = await open_hand(env, game, alice)

    form = await click(alice, panel, label=button)

    label = amount_field(form.modal)
    assert (label["label"], label["description"]) == (text, description)
    assert len(label["description"]) <= 100
    assert label["component"]["custom_id"] == "amount"
    done = await alice.submit_modal(form, {"amount": "1000"})
    assert not env.errors and done is not None

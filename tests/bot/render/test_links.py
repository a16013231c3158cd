"""Refusals link back to the live message (issue 9.7)."""

from bot.render.language.i18n import lang
from bot.render.links import jump_url, way_back


def test_a_jump_link_names_the_guild_the_channel_and_the_message():
    assert jump_url(11, 22, 33) == "https://discord.com/channels/11/22/33"
    assert jump_url(None, 22, 33) == "https://discord.com/channels/@me/22/33"


def test_a_refusal_gets_a_line_back_to_the_game_when_there_is_a_live_message():
    url = jump_url(11, 22, 33)
    said = way_back("That question has passed.", url, lang("en"))
    assert said == f"That question has passed.\n↪ Back to the game: {url}"
    assert way_back("There is no game here.", None, lang("en")) == "There is no game here."

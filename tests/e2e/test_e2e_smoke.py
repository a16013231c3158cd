from helpers import click, slash, table


async def test_lobby_to_first_roll(env, make_bot):
    t = table(env, 3)
    alice, bob, carol = t.players
    r = await slash(alice, t.channel, "payday start")
    lobby = r.response.message
    await click(bob, lobby, label="Join")
    await click(carol, lobby, label="Join")
    r = await click(alice, lobby, label="Start")
    msg = t.channel.last_message
    print(msg.embeds[0].to_dict())
    r = await click(alice, msg, label="Roll the die")
    msg = t.channel.last_message
    print(msg.embeds[0].to_dict())
    print([c.to_dict() for c in msg.components])

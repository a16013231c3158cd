def test_packages_import():
    import bot.game
    import cogs
    import db

    assert bot.game.__doc__ and cogs.__doc__ and db.__doc__

"""How the game is said: the language and its numbers, lists, the names of cards and strengths,
events and ledger lines.

`i18n` is a language (its catalogs, numbers and money written its way); `lists` joins names;
`cards` and `strengths` name the game's cards, spaces and computer players' strengths; `ledger`
writes a payment and its reason, `events` a logged event, `hand` what a player holds. These modules
import one another and the game (and the table's kinds) only, never the rest of render: render's
own modules and its subpackages (the story, the prompts, the board's picture) stand on them.
"""

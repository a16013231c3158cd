"""The game's story (`/payday log`): every logged event in order, one compact block per turn, cut
into pages.

`turns` reads the stored event log into blocks, counting what its lines need in `books`; `block`
is a block and the marks its lines carry; `pages` cuts the blocks into pages and says where the
page buttons lead.
"""

"""The game's story: every logged event in order, one compact block per turn (the story `/payday log`
shows, and the replay's steps).

`turns` reads the stored event log into blocks, counting what its lines need in `books`; `block`
is a block and the marks its lines carry.
"""

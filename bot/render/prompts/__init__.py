"""What the game is waiting for, in words, and the buttons that answer it (pure data, no Discord).

`questions` writes the question the live message asks, `answers` offers its answers, and `layout`
is their shape as data (a button or a menu option) and their rows on the message.
"""

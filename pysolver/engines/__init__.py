"""Other engines' boards in and out (docs/engines.md): Forge puzzles and game states
(:mod:`.forge`), XMage JUnit tests (:mod:`.xmage`), and the ``import``/``export`` commands
(:mod:`.commands`).
"""

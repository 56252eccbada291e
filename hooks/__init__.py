"""The hook process: one Claude Code event on stdin, memories into the store, context out.

    client.py      the hook as installed: hands the event to the store's hook server (server.py,
                   a resident process that runs it through main.py), or runs main.py itself,
                   or hands it to a server it starts;  wire.py  the exchange both sides speak
    main.py        `memlane-hook`: the event read once (event.py), one function per kind
    capture/       an event -> memories (the rules the importer shares)
    recall/        what Claude is told at SessionStart and per prompt, and whether it used it
    transcripts/   `memlane import`, and the name a session is shown under
    keepalive.py   how long the server stays: longer while a Claude Code session it served runs
    turns.py       private turns;  background.py  what a hook starts and never waits for;
    sweep.py       keeping what Claude Code's cleanup would delete

Imports only `store` and the standard library: its start-up time is the product.
"""

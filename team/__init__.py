"""Team memory: sharing chosen projects' memories through a PostgreSQL server.

Local-first: hooks never import this package nor wait on the network.  `sync`
pushes this machine's shared memories and forgets, and pulls teammates' into a
local read-only cache (`cache`), which the one local search reads offline;
`search` asks the server the same way when it can be reached.
"""

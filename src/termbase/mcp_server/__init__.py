"""`termbase mcp`: the termbase as tools, resources and a prompt for MCP clients (LLM assistants).

`glossary.py` answers the tools over an open termbase with the typed results of
`results.py`; `server.py` wires them into the official `mcp` SDK for stdio and HTTP.
"""

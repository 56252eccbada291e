"""Code in a value's place (real Claude Code transcripts, part B): what follows a secret-ish word
in a server's config or a command can be an expression of the code, not a value."""

from __future__ import annotations

from store.privacy import clean_text


def test_an_escaped_variable_reference_is_no_value():
    # a heredoc inside a quoted command, or a JSON string, escapes the `$` of a config's own
    # variables once or more: `\$name` names a variable as `$name` does
    conf = ("cat > /srv/conf/site.conf << SITE\nserver {\n  location /api {\n"
            "    proxy_pass http://127.0.0.1:${api_port};\n    proxy_set_header Upgrade {e}$http_upgrade;\n"
            "    proxy_set_header Host {e}$host;\n    proxy_cache_bypass {e}$http_upgrade;\n  }}\n}}\nSITE")
    for escape in ("\\", "\\\\", "\\\\\\", "\\\\\\\\"):
        text = conf.replace("{e}", escape).replace("}}", "}")
        assert clean_text(text) == text, clean_text(text)
    for text in ("db_pass \\$dbpw;", 'export PASSWORD=\\${DB_PASSWORD}', "auth_pass \\\\$remote_secret_var"):
        assert clean_text(text) == text, clean_text(text)
    # an escaped dollar inside a value that is no bare reference still goes
    assert "Kq7\\$vR2pLm9x" not in clean_text('DB_PASSWORD="Kq7\\$vR2pLm9x"')


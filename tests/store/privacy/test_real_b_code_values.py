"""Code in a value's place (real Claude Code transcripts, part B): what follows a secret-ish word
in a server's config or a command can be an expression of the code, not a value."""

from __future__ import annotations

from store.privacy import clean_text
from tests.store.privacy import kept


def test_an_escaped_variable_reference_is_no_value():
    # a heredoc inside a quoted command, or a JSON string, escapes the `$` of a config's own
    # variables once or more: `\$name` names a variable as `$name` does
    conf = ("cat > /srv/conf/site.conf << SITE\nserver {\n  location /api {\n"
            "    proxy_pass http://127.0.0.1:${api_port};\n    proxy_set_header Upgrade {e}$http_upgrade;\n"
            "    proxy_set_header Host {e}$host;\n    proxy_cache_bypass {e}$http_upgrade;\n  }}\n}}\nSITE")
    for escape in ("\\", "\\\\", "\\\\\\", "\\\\\\\\"):
        text = conf.replace("{e}", escape).replace("}}", "}")
        kept(text)
    for text in ("db_pass \\$dbpw;", 'export PASSWORD=\\${DB_PASSWORD}', "auth_pass \\\\$remote_secret_var"):
        kept(text)
    # an escaped dollar inside a value that is no bare reference still goes
    assert "Kq7\\$vR2pLm9x" not in clean_text('DB_PASSWORD="Kq7\\$vR2pLm9x"')


def test_a_module_and_its_attribute_is_no_password():
    # an ASGI/WSGI server's `package.module:attribute` in an exec array beside a host and a port,
    # or in a command or an entry point
    for target in ("billing.api.web_v3:app", "notes.server:application", "svc.main:create_app"):
        for text in (f'    command: ["hypercorn", "{target}", "--bind", "0.0.0.0", "--port", "9000"]',
                     f'  entrypoint: ["gunicorn", "{target}", "-b", "127.0.0.1", "--workers", "4"]',
                     f'    args = ("granian", "{target}", "--host", "10.0.0.5", "--port", "7000")'):
            kept(text)
    # a user's password beside a host in the same array still goes, colon or not
    for value in ("Zr8:mQ2vLx9", "k3y.p4ss:w0rd"):
        text = f'conn = ("db.example.com", 5432, "reporting", "{value}")'
        assert value not in clean_text(text), clean_text(text)

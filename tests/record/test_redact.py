"""Secret scrubbing: fields named like secrets, values of secret environment variables, key-shaped strings."""

from verusagent.llm.settings import ModelSettings, strip_credentials
from verusagent.record.redact import REDACTED, is_secret_field, register_secret, scrub, scrub_text, secret_values


def test_secret_field_names():
    for name in [
        "api_key",
        "OPENAI_API_KEY",
        "apiKey",
        "Authorization",
        "headers",
        "extra_headers",
        "x-api-key",
        "client_secret",
        "access_token",
        "password",
    ]:
        assert is_secret_field(name), name
    for name in ["max_tokens", "prompt_tokens", "completion_tokens", "key", "keyword", "model", "tokens"]:
        assert not is_secret_field(name), name


def test_values_of_secret_environment_variables_are_found():
    env = {
        "OPENAI_API_KEY": "sk-abc-12345678",
        "MY_TOKEN": "tok-123456789",
        "HOME": "/root",
        "SHORT_KEY": "abc",
        "SSH_AUTH_SOCK": "/tmp/ssh-agent.sock",
        "AUTHOR": "Ada Lovelace",
        "AWS_SECRET_ACCESS_KEY": "aws-secret-1",
    }
    from_env = [v for v in secret_values(env) if v in env.values()]  # registered secrets come too
    assert from_env == ["sk-abc-12345678", "tok-123456789", "aws-secret-1"]  # longest first


def test_registered_secrets_are_scrubbed_whatever_their_variable():
    register_secret("odd-variable-value-42")
    assert "odd-variable-value-42" in secret_values({})
    assert scrub_text("x odd-variable-value-42 y") == f"x {REDACTED} y"


def test_scrub_replaces_fields_and_substrings_recursively():
    data = {
        "params": {"api_key": "whatever", "temperature": 0},
        "messages": [{"content": "k=hunter2-secret!"}],
        "note": ("Bearer abcdefghijklmnop",),
    }
    cleaned = scrub(data, ["hunter2-secret"])
    assert cleaned == {
        "params": {"api_key": REDACTED, "temperature": 0},
        "messages": [{"content": f"k={REDACTED}!"}],
        "note": [REDACTED],
    }


def test_key_shaped_strings_are_scrubbed_without_knowing_them():
    assert (
        scrub_text("error for key sk-proj-AbCdEfGhIjKlMnOpQrSt in request", [])
        == f"error for key {REDACTED} in request"
    )
    assert scrub_text("fn main() { let sk = 1; }", []) == "fn main() { let sk = 1; }"


def test_settings_shown_in_records_carry_no_url_credentials():
    assert strip_credentials("https://user:pw@host.example:8443/v1") == "https://host.example:8443/v1"
    assert strip_credentials("http://127.0.0.1:8000/v1") == "http://127.0.0.1:8000/v1"
    view = ModelSettings(model="openai/x", api_base="https://u:p@h/v1", api_key_env="MY_KEY").public_view()
    assert view["api_base"] == "https://h/v1" and view["api_key_env"] == "MY_KEY"

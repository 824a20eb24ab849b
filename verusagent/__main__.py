"""`python -m verusagent`: the `verusagent` command."""

from verusagent.cli import main

if __name__ == "__main__":
    main()

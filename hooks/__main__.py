"""`python -m hooks`: the same as `memlane-hook`."""

import sys

from hooks.main import main

sys.exit(main())

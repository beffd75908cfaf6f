"""``python -m castlerules``: the command line."""

import sys

from castlerules.cli import main

sys.exit(main())

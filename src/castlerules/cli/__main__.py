"""``python -m castlerules.cli``: the command line (as ``python -m castlerules``)."""

import sys

from castlerules.cli import main

sys.exit(main())

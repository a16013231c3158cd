import sys

from tools.catalog import main

sys.exit(main())

"""``python -m zermelo`` runs the command line."""

from zermelo.cli.main import main

main()

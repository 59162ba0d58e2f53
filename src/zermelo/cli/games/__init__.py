"""Each game's own command group, one module each (``zermelo <module name> ...``): a module
that defines a typer ``app`` becomes a group of the ``zermelo`` command."""

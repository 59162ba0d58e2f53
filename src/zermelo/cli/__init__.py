"""The ``zermelo`` command line."""

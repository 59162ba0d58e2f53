"""The games zermelo knows, each in its own package, each knowing only its rules."""

"""The ``magecraft`` command line: it parses, calls the library and renders; it decides no rules."""

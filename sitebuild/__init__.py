"""Parts of the build (``build.py``) that have grown a module of their own."""

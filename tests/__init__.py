"""The tests, mirroring the code (README.md, Layout). May import anything; nothing in the
product imports them."""

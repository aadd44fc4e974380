"""« Et si… ? » : chaque boîte « Interprétation » mène à son autre lecture (`variantes.py`), d'après `rules.variantes`."""

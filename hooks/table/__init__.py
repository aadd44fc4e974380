"""La page « À la table » : son crochet MkDocs (`hooks/table/page.py`) et sa session dans le navigateur
(`hooks/table/session.py`, copiée dans l'archive que sert le site sous le nom `table_session`)."""

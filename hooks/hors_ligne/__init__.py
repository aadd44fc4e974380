"""Ce que le navigateur du lecteur télécharge, quand, et ce qu'il garde.

Le manifeste d'application web et le service worker (`hors_ligne.py`, qui écrit
`hors_ligne.js` en dernier dans le site construit) ; le script de Material chargé au
premier geste du lecteur (`material_a_la_demande.py`).
"""

"""Hero Realms' look and words: each card's name and abilities in French and
English, generated from its effects (`words`), and its face as HTML with
icons of our own (`card`). The client comes with the game's registration."""

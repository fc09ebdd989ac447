"""Hero Realms' Dragon boss deck: a party of 1 to 5 heroes against the Dragon
(or two Dragons against each other), built on game/herorealms by import."""

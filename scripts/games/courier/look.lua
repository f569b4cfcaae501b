-- Courier Army's pictures: its pieces' drawings are named in the
-- declaration (each piece's `look`, glyphs of wargrid.glyphs), and the
-- board is wargrid.svg's chequer; nothing else is the game's own.
return {}

-- wargrid.version: the version of wargrid, in one place (wargrid
-- --version, wg.VERSION; the rockspec's name and version follow it).
return "0.1.0"

-- encargos_pagina_json keeps one plan for its statement (generic), whatever the number of ids. Left to
-- choose, PostgreSQL planned the six-table read again on every call given few ids (a search with a
-- handful of matches, a last page, a small state): the plan it would make for one or two ids looks
-- cheaper than the kept one, so it never kept it. Measured on 100,035 assignments, one or two ids:
-- ~265 µs per call planned each time, ~65 µs with the kept plan (an index scan on the ids, the plan a
-- fresh one chose as well); twenty ids: ~400 → ~380 µs.
ALTER FUNCTION encargos_pagina_json(integer[]) SET plan_cache_mode = force_generic_plan;

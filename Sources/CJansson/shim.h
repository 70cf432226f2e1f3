// The parts of jansson that the fixture reader uses, as functions Swift can call: jansson's
// accessors such as json_typeof are macros, which Swift does not import.
#ifndef CJANSSON_SHIM_H
#define CJANSSON_SHIM_H

#include <jansson.h>

static inline json_type cjansson_typeof(const json_t *json) { return json_typeof(json); }
static inline void cjansson_decref(json_t *json) { json_decref(json); }
static inline int cjansson_error_code(const json_error_t *error) { return (int)json_error_code(error); }
static inline int cjansson_is_duplicate_key(const json_error_t *error) {
    return json_error_code(error) == json_error_duplicate_key;
}
static inline size_t cjansson_reject_duplicates(void) { return JSON_REJECT_DUPLICATES; }

#endif

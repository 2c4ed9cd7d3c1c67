/*
 * dirgolem.h: the C ABI of dirgolem, strictly legal chess move generation.
 *
 * Link with libdirgolem_capi.a (plus the system libraries `cargo rustc --release -p
 * dirgolem-capi --crate-type staticlib -- --print native-static-libs` names; on Linux
 * -lgcc_s -lutil -lrt -lpthread -lm -ldl -lc) or with libdirgolem_capi.so. Written by hand; capi/tests/header.rs checks every prototype and
 * constant here against the Rust sources.
 *
 * Rules every function follows:
 *  - No panic crosses this boundary. A NULL pointer, text that is not UTF-8, a buffer too small
 *    or a dg_position no dg_ function filled gives an error code (functions returning int), or
 *    an empty answer (0, nothing written) where the return value is a count or a key, as each
 *    function says. A bug inside the library is caught here and reported as DG_ERR_INTERNAL.
 *  - Pointers that are not NULL must point to memory of the stated size, valid for the call.
 *  - Moves are generated on the backend dg_backend_name() names: the fastest this CPU runs,
 *    detected once per process (DIRGOLEM_BACKEND is not read).
 *  - No function keeps a pointer after it returns, and none allocates while generating,
 *    counting or making a move. All functions may be called from several threads at once.
 */
#ifndef DIRGOLEM_H
#define DIRGOLEM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Types and constants ---------------------------------------------------------------- */

/* The size of a dg_position in 64-bit words. */
#define DG_POSITION_WORDS 16

/*
 * A legal position. A plain struct of fixed size: copy it by assignment (copy-make: play a
 * move into a new struct, keep the old one to go back). Only dg_ functions fill one
 * (dg_startpos, dg_position_from_fen, dg_play, ...): its bytes are not to be made up or
 * edited, since the library reads them as a position without checking each field. A struct
 * no dg_ function filled, such as `dg_position p = {0};`, is recognised and refused with
 * DG_ERR_NOT_A_POSITION.
 */
typedef struct dg_position {
    uint64_t opaque[DG_POSITION_WORDS];
} dg_position;

/*
 * A move in 16 bits: bits 0-5 the from square, 6-11 the to square (a1 = 0, b1 = 1, ..., h8 =
 * 63), 12-15 the kind (0 normal, 1 en passant, 2 castling, 4-7 promotion to knight, bishop,
 * rook, queen). Castling is stored as the king taking its own rook, in standard chess and
 * Chess960 alike. Safe to store in a transposition table and check with dg_is_legal.
 */
typedef uint16_t dg_move;

/* Room a move list needs: no list call writes more moves. */
#define DG_MAX_MOVES 256

/* A buffer this long holds any position's FEN and its NUL. */
#define DG_FEN_BUFFER_SIZE 128

/* A buffer this long holds any message dg_position_from_fen_with_error writes, and its NUL. */
#define DG_FEN_ERROR_BUFFER_SIZE 256

/* A buffer this long holds any move's UCI text and its NUL. */
#define DG_UCI_BUFFER_SIZE 6

/* Flags for dg_position_from_fen_with. */
#define DG_FEN_CHESS960 1 /* Chess960: Shredder-FEN or X-FEN rights, castling as king takes rook */
#define DG_FEN_RELAXED 2  /* accept impossible checks and too much material */

/* dg_side_to_move's answers. */
#define DG_WHITE 0
#define DG_BLACK 1

/* Error codes (0 is success). dg_error_message gives each a sentence. */
#define DG_OK 0
#define DG_ERR_NULL 1              /* a required pointer argument is NULL */
#define DG_ERR_UTF8 2              /* a text argument is not UTF-8 */
#define DG_ERR_FEN_SYNTAX 3        /* the text is not a FEN */
#define DG_ERR_FEN_POSITION 4      /* the FEN describes no legal (strict: reachable) position */
#define DG_ERR_BUFFER_TOO_SMALL 5  /* the output buffer cannot hold the text and its NUL */
#define DG_ERR_UCI_SYNTAX 6        /* the text is not a UCI move */
#define DG_ERR_ILLEGAL_MOVE 7      /* the move is not legal in the position */
#define DG_ERR_NOT_A_POSITION 8    /* the dg_position was not filled by a dg_ function */
#define DG_ERR_UNKNOWN_FLAGS 9     /* a flag bit no DG_FEN_ constant names */
#define DG_ERR_INTERNAL 10         /* a bug in dirgolem, caught at the boundary */

/* A static sentence for a code: "success" for DG_OK, "unknown error code" for other numbers.
 * Never free it. */
const char *dg_error_message(int code);

/* ---- Positions ------------------------------------------------------------------------- */

/* sizeof(dg_position) as the library was built: compare with this header's. */
size_t dg_position_size(void);

/* DG_OK if *p was filled by a dg_ function; DG_ERR_NULL, DG_ERR_NOT_A_POSITION otherwise. */
int dg_position_check(const dg_position *p);

/* The standard start position. Does nothing if out is NULL. */
void dg_startpos(dg_position *out);

/* Reads a FEN (standard chess, strict validation: the position must be one a game can reach,
 * as far as the checks can tell). Returns DG_OK, DG_ERR_NULL, DG_ERR_UTF8,
 * DG_ERR_FEN_SYNTAX or DG_ERR_FEN_POSITION; *out is unchanged on error. */
int dg_position_from_fen(const char *fen, dg_position *out);

/* dg_position_from_fen with flags: 0 or DG_FEN_CHESS960 and/or DG_FEN_RELAXED (other bits:
 * DG_ERR_UNKNOWN_FLAGS). */
int dg_position_from_fen_with(const char *fen, unsigned flags, dg_position *out);

/* dg_position_from_fen_with that also says what is wrong: on error writes into msg (cap
 * bytes) the library's sentence naming the field and the character or rule at fault, such as
 * `invalid side to move "x" (expected 'w' or 'b')` or `white has no king` (for the codes that
 * are not about the FEN, dg_error_message's sentence); on success "". The text ends in a NUL
 * and is cut at a character boundary if longer than cap - 1 bytes (DG_FEN_ERROR_BUFFER_SIZE
 * holds any message whole). msg may be NULL or cap 0: no message then. Same return value as
 * dg_position_from_fen_with; keeps no state between calls. */
int dg_position_from_fen_with_error(const char *fen, unsigned flags, dg_position *out, char *msg,
                                    size_t cap);

/* Writes the FEN of *p and a NUL into buf, which has len bytes (DG_FEN_BUFFER_SIZE always
 * suffices); castling rights in the position's notation (KQkq, or Shredder-FEN for Chess960).
 * Returns DG_OK, DG_ERR_NULL, DG_ERR_NOT_A_POSITION or DG_ERR_BUFFER_TOO_SMALL (then buf holds
 * "" if len >= 1). */
int dg_position_to_fen(const dg_position *p, char *buf, size_t len);

/* ---- Moves ----------------------------------------------------------------------------- */

/* Writes the legal moves of *p into moves (room for DG_MAX_MOVES) and returns their number;
 * 0 if p or moves is NULL or *p is not a position. A position accepted only by
 * DG_FEN_RELAXED can have more than DG_MAX_MOVES moves: the list holds the first
 * DG_MAX_MOVES, dg_count_legal counts them all. */
size_t dg_legal_moves(const dg_position *p, dg_move *moves);

/* dg_legal_moves for the moves that take a man (captures, en passant, capturing promotions). */
size_t dg_captures(const dg_position *p, dg_move *moves);

/* dg_legal_moves for the moves that take nothing (the complement of dg_captures). */
size_t dg_quiets(const dg_position *p, dg_move *moves);

/* The number of legal moves of *p, counted without a list; 0 for NULL or not a position. */
size_t dg_count_legal(const dg_position *p);

/* 1 if m is legal in *p, else 0 (also for bad arguments and 16 bits that are no move). */
int dg_is_legal(const dg_position *p, dg_move m);

/* Static exchange evaluation of m in centipawns (pawn 100, knight and bishop 300, rook 500,
 * queen 900). m should be legal; otherwise the answer is meaningless (0 for bad arguments). */
int32_t dg_see(const dg_position *p, dg_move m);

/* 1 if m, a legal move of *p, gives check (dg_is_check after it would say 1), else 0, without
 * making the move. For any other m the answer is meaningless (0 for bad arguments). */
int dg_gives_check(const dg_position *p, dg_move m);

/* Reads a UCI move (e2e4, e7e8q) among the legal moves of *p. Standard chess takes castling
 * as e1g1 or e1h1, Chess960 only as king takes rook (e1h1). Returns DG_OK, DG_ERR_NULL,
 * DG_ERR_NOT_A_POSITION, DG_ERR_UTF8, DG_ERR_UCI_SYNTAX or DG_ERR_ILLEGAL_MOVE; *out is
 * unchanged on error. */
int dg_parse_uci(const dg_position *p, const char *uci, dg_move *out);

/* Writes the UCI text of m and a NUL into buf, castling in standard notation (the king's
 * destination: e1g1). A move alone does not know whether its game is Chess960, where that
 * text can be ambiguous (king f1, rook h1: f1g1 is also a king step) or no move (king g1:
 * g1g1): use dg_move_to_uci_in there. 16 bits that are no move give "0000". Does nothing if
 * buf is NULL. */
void dg_move_to_uci(dg_move m, char buf[6]);

/* dg_move_to_uci in the notation of *p: king takes rook (e1h1) for a position read with
 * DG_FEN_CHESS960, the king's destination otherwise. Legality is not checked. Returns DG_OK,
 * DG_ERR_NULL or DG_ERR_NOT_A_POSITION. */
int dg_move_to_uci_in(const dg_position *p, dg_move m, char buf[6]);

/* Writes the position after m into *out if m is legal in *p; out may equal p. Returns DG_OK,
 * DG_ERR_NULL, DG_ERR_NOT_A_POSITION or DG_ERR_ILLEGAL_MOVE; *out is unchanged on error. */
int dg_play(const dg_position *p, dg_move m, dg_position *out);

/* dg_play without the legality check, for moves from dg_legal_moves: an illegal move gives a
 * meaningless position (never a crash); bad arguments or 16 bits that are no move leave *out
 * unchanged. out may equal p. */
void dg_play_unchecked(const dg_position *p, dg_move m, dg_position *out);

/* ---- Questions ------------------------------------------------------------------------- */

/* The number of leaf nodes depth plies below *p (1 at depth 0); 0 for bad arguments. */
uint64_t dg_perft(const dg_position *p, unsigned depth);

/* The Polyglot Zobrist key of *p; 0 for bad arguments. */
uint64_t dg_zobrist(const dg_position *p);

/* 1 if the side to move is in check, else 0 (also for bad arguments). */
int dg_is_check(const dg_position *p);

/* DG_WHITE or DG_BLACK; -1 for bad arguments. */
int dg_side_to_move(const dg_position *p);

/* The backend moves are generated on: "scalar", "portable", "sse2", "avx2", "avx512" or
 * "neon". Static: never free it. */
const char *dg_backend_name(void);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* DIRGOLEM_H */

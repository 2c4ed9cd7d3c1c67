/*
 * The C API as a C program sees it: perft counts of the Chess Programming Wiki positions, FEN
 * round trips, copy-make along a game, and the error code of every kind of bad input (NULL,
 * bad UTF-8, bad FEN, bad UCI, short buffers, illegal moves, a struct no dg_ function filled).
 *
 * Prints the backend it runs on and one line per failed check, and closes with
 * "capi: N passed, N failed"; exits 1 if any check failed. Small enough to run under valgrind.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dirgolem.h"

static int passed;
static int failed;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (cond) {                                                              \
            passed++;                                                            \
        } else {                                                                 \
            failed++;                                                            \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                        \
    } while (0)

#define CHECK_CODE(call, code)                                                      \
    do {                                                                            \
        int got_ = (call);                                                          \
        if (got_ == (code)) {                                                       \
            passed++;                                                               \
        } else {                                                                    \
            failed++;                                                               \
            fprintf(stderr, "%s:%d: %s gave %d (%s), expected %s\n", __FILE__, __LINE__, \
                    #call, got_, dg_error_message(got_), #code);                    \
        }                                                                           \
    } while (0)

struct perft_case {
    const char *fen;
    unsigned flags;
    unsigned depth;
    uint64_t nodes;
};

/* The Chess Programming Wiki's perft positions (and one Chess960 start of its list). */
static const struct perft_case perft_cases[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0, 5, 4865609},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 0, 4, 4085603},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 0, 5, 674624},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 0, 4, 422333},
    {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 0, 4, 422333},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 0, 4, 2103487},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 0, 4, 3894594},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", DG_FEN_CHESS960, 4,
     326672},
};

static void test_layout(void) {
    CHECK(dg_position_size() == sizeof(dg_position));
    CHECK(sizeof(dg_position) == DG_POSITION_WORDS * sizeof(uint64_t));
}

static void test_perft(void) {
    for (size_t i = 0; i < sizeof perft_cases / sizeof perft_cases[0]; i++) {
        const struct perft_case *c = &perft_cases[i];
        dg_position p;
        CHECK_CODE(dg_position_from_fen_with(c->fen, c->flags, &p), DG_OK);
        uint64_t nodes = dg_perft(&p, c->depth);
        if (nodes != c->nodes) {
            fprintf(stderr, "perft(%s, %u) = %llu, expected %llu\n", c->fen, c->depth,
                    (unsigned long long)nodes, (unsigned long long)c->nodes);
        }
        CHECK(nodes == c->nodes);
        CHECK(dg_perft(&p, 0) == 1);
        CHECK(dg_perft(&p, 1) == dg_count_legal(&p));
    }
}

/* perft by copy-make through the list calls: checks dg_legal_moves and dg_play_unchecked
 * against dg_perft. */
static uint64_t perft_by_lists(const dg_position *p, unsigned depth) {
    if (depth == 0) {
        return 1;
    }
    dg_move moves[DG_MAX_MOVES];
    size_t n = dg_legal_moves(p, moves);
    uint64_t nodes = 0;
    for (size_t i = 0; i < n; i++) {
        dg_position child;
        dg_play_unchecked(p, moves[i], &child);
        nodes += perft_by_lists(&child, depth - 1);
    }
    return nodes;
}

static void test_lists(void) {
    dg_position p;
    CHECK_CODE(dg_position_from_fen(perft_cases[1].fen, &p), DG_OK);
    CHECK(perft_by_lists(&p, 2) == 2039);
    dg_move all[DG_MAX_MOVES], captures[DG_MAX_MOVES], quiets[DG_MAX_MOVES];
    size_t n = dg_legal_moves(&p, all);
    size_t c = dg_captures(&p, captures);
    size_t q = dg_quiets(&p, quiets);
    CHECK(n == 48 && c == 8 && q == 40);
    for (size_t i = 0; i < c; i++) {
        CHECK(dg_is_legal(&p, captures[i]) == 1);
    }
    /* Every move prints as UCI text that reads back as the same move. */
    for (size_t i = 0; i < n; i++) {
        char uci[DG_UCI_BUFFER_SIZE];
        dg_move back = 0;
        dg_move_to_uci(all[i], uci);
        CHECK(strlen(uci) == 4 || strlen(uci) == 5);
        CHECK_CODE(dg_parse_uci(&p, uci, &back), DG_OK);
        CHECK(back == all[i]);
    }
    /* Rook takes pawn e1-e5, defended by nothing that can profitably recapture. */
    dg_position see_pos;
    dg_move rxe5;
    CHECK_CODE(dg_position_from_fen("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", &see_pos),
               DG_OK);
    CHECK_CODE(dg_parse_uci(&see_pos, "e1e5", &rxe5), DG_OK);
    CHECK(dg_see(&see_pos, rxe5) == 100);
    CHECK(dg_gives_check(&see_pos, rxe5) == 0);
    /* Checks asked before the move: the bishop's, and castling's rook on the king's file. */
    dg_position check_pos;
    dg_move be3b6, castles, be3d4;
    CHECK_CODE(dg_position_from_fen("3k4/8/8/8/8/4B3/8/R3K3 w Q - 0 1", &check_pos), DG_OK);
    CHECK_CODE(dg_parse_uci(&check_pos, "e3b6", &be3b6), DG_OK);
    CHECK_CODE(dg_parse_uci(&check_pos, "e1c1", &castles), DG_OK);
    CHECK_CODE(dg_parse_uci(&check_pos, "e3d4", &be3d4), DG_OK);
    CHECK(dg_gives_check(&check_pos, be3b6) == 1);
    CHECK(dg_gives_check(&check_pos, castles) == 1);
    CHECK(dg_gives_check(&check_pos, be3d4) == 0);
    CHECK(dg_gives_check(NULL, be3b6) == 0);
}

static void test_fen_round_trips(void) {
    static const char *fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/8/6k1/4K2R w K - 99 4294967295",
    };
    char buf[DG_FEN_BUFFER_SIZE];
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        dg_position p;
        CHECK_CODE(dg_position_from_fen(fens[i], &p), DG_OK);
        CHECK_CODE(dg_position_to_fen(&p, buf, sizeof buf), DG_OK);
        CHECK(strcmp(buf, fens[i]) == 0);
    }
    /* Chess960: Shredder-FEN out, whatever the notation in. */
    dg_position p;
    CHECK_CODE(dg_position_from_fen_with(
                   "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
                   DG_FEN_CHESS960, &p),
               DG_OK);
    CHECK_CODE(dg_position_to_fen(&p, buf, sizeof buf), DG_OK);
    CHECK(strcmp(buf, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9") == 0);
    /* The start position, and what dg_startpos writes. */
    dg_startpos(&p);
    CHECK_CODE(dg_position_to_fen(&p, buf, sizeof buf), DG_OK);
    CHECK(strcmp(buf, fens[0]) == 0);
    CHECK(dg_zobrist(&p) == UINT64_C(0x463b96181691fc9c));
    CHECK(dg_side_to_move(&p) == DG_WHITE);
}

static void test_copy_make(void) {
    /* A game by copy-make: each position is a copy; the one before stays playable. */
    dg_position before, after;
    dg_move e4;
    dg_startpos(&before);
    CHECK_CODE(dg_parse_uci(&before, "e2e4", &e4), DG_OK);
    CHECK_CODE(dg_play(&before, e4, &after), DG_OK);
    CHECK(dg_zobrist(&after) == UINT64_C(0x823c9b50fd114196));
    CHECK(dg_side_to_move(&after) == DG_BLACK);
    CHECK(dg_zobrist(&before) == UINT64_C(0x463b96181691fc9c));
    dg_position copy = after; /* plain assignment */
    CHECK(dg_zobrist(&copy) == dg_zobrist(&after));
    CHECK(dg_count_legal(&copy) == 20);

    /* Along a long walk through the tree, dg_play in place agrees with dg_play_unchecked,
     * and the FEN of each position reads back with the same key. */
    dg_position p;
    CHECK_CODE(dg_position_from_fen(perft_cases[1].fen, &p), DG_OK);
    char buf[DG_FEN_BUFFER_SIZE];
    int walk_ok = 1;
    for (unsigned ply = 0; ply < 200; ply++) {
        dg_move moves[DG_MAX_MOVES];
        size_t n = dg_legal_moves(&p, moves);
        if (n == 0) {
            dg_startpos(&p);
            continue;
        }
        dg_move m = moves[(ply * 7u + 3u) % n];
        dg_position unchecked;
        dg_play_unchecked(&p, m, &unchecked);
        walk_ok &= dg_play(&p, m, &p) == DG_OK;
        walk_ok &= dg_zobrist(&p) == dg_zobrist(&unchecked);
        dg_position reread;
        walk_ok &= dg_position_to_fen(&p, buf, sizeof buf) == DG_OK;
        walk_ok &= dg_position_from_fen_with(buf, DG_FEN_RELAXED, &reread) == DG_OK;
        walk_ok &= dg_zobrist(&reread) == dg_zobrist(&p);
        walk_ok &= dg_is_check(&reread) == dg_is_check(&p);
    }
    CHECK(walk_ok);

    /* A position in check. */
    CHECK_CODE(dg_position_from_fen("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", &p), DG_OK);
    CHECK(dg_is_check(&p) == 1);
}

static void test_chess960_castling_text(void) {
    /* King on g1, rook on h1: castling in standard notation would be g1g1. */
    dg_position p;
    dg_move castle;
    char uci[DG_UCI_BUFFER_SIZE];
    CHECK_CODE(dg_position_from_fen_with("4k3/8/8/8/8/8/8/6KR w H - 0 1", DG_FEN_CHESS960, &p),
               DG_OK);
    CHECK_CODE(dg_parse_uci(&p, "g1h1", &castle), DG_OK);
    CHECK_CODE(dg_move_to_uci_in(&p, castle, uci), DG_OK);
    CHECK(strcmp(uci, "g1h1") == 0);
    dg_move_to_uci(castle, uci);
    CHECK(strcmp(uci, "g1g1") == 0);
    /* Standard chess takes both notations, and writes the king's move. */
    CHECK_CODE(dg_position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", &p), DG_OK);
    dg_move a, b;
    CHECK_CODE(dg_parse_uci(&p, "e1g1", &a), DG_OK);
    CHECK_CODE(dg_parse_uci(&p, "e1h1", &b), DG_OK);
    CHECK(a == b);
    CHECK_CODE(dg_move_to_uci_in(&p, a, uci), DG_OK);
    CHECK(strcmp(uci, "e1g1") == 0);
}

static void test_bad_input(void) {
    dg_position p, untouched;
    dg_move m = 0;
    char buf[DG_FEN_BUFFER_SIZE];
    dg_startpos(&p);
    dg_startpos(&untouched);

    /* NULL pointers. */
    CHECK_CODE(dg_position_from_fen(NULL, &p), DG_ERR_NULL);
    CHECK_CODE(dg_position_from_fen(perft_cases[0].fen, NULL), DG_ERR_NULL);
    CHECK_CODE(dg_position_to_fen(NULL, buf, sizeof buf), DG_ERR_NULL);
    CHECK_CODE(dg_position_to_fen(&p, NULL, sizeof buf), DG_ERR_NULL);
    CHECK_CODE(dg_parse_uci(NULL, "e2e4", &m), DG_ERR_NULL);
    CHECK_CODE(dg_parse_uci(&p, NULL, &m), DG_ERR_NULL);
    CHECK_CODE(dg_parse_uci(&p, "e2e4", NULL), DG_ERR_NULL);
    CHECK_CODE(dg_play(NULL, m, &p), DG_ERR_NULL);
    CHECK_CODE(dg_play(&p, m, NULL), DG_ERR_NULL);
    CHECK_CODE(dg_position_check(NULL), DG_ERR_NULL);
    CHECK_CODE(dg_move_to_uci_in(NULL, m, buf), DG_ERR_NULL);
    CHECK(dg_legal_moves(NULL, NULL) == 0);
    CHECK(dg_legal_moves(&p, NULL) == 0);
    CHECK(dg_count_legal(NULL) == 0);
    CHECK(dg_perft(NULL, 3) == 0);
    CHECK(dg_zobrist(NULL) == 0);
    CHECK(dg_is_check(NULL) == 0);
    CHECK(dg_is_legal(NULL, m) == 0);
    CHECK(dg_side_to_move(NULL) == -1);
    dg_startpos(NULL);
    dg_move_to_uci(m, NULL);
    dg_play_unchecked(NULL, m, &p);
    dg_play_unchecked(&p, m, NULL);

    /* Text that is not UTF-8, not a FEN, not a legal position; unknown flags. */
    CHECK_CODE(dg_position_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN\xff w - - 0 1", &p),
               DG_ERR_UTF8);
    CHECK_CODE(dg_position_from_fen("", &p), DG_ERR_FEN_SYNTAX);
    CHECK_CODE(dg_position_from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", &p),
               DG_ERR_FEN_SYNTAX);
    CHECK_CODE(dg_position_from_fen("8/8/8/3kK3/8/8/8/8 w - - 0 1", &p), DG_ERR_FEN_POSITION);
    CHECK_CODE(dg_position_from_fen("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", &p), DG_ERR_FEN_POSITION);
    CHECK_CODE(dg_position_from_fen_with("B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", DG_FEN_RELAXED, &p),
               DG_OK);
    CHECK_CODE(dg_position_from_fen_with(perft_cases[0].fen, 4, &p), DG_ERR_UNKNOWN_FLAGS);
    /* p is the relaxed position read above: a failed read left it alone. */
    CHECK(dg_is_check(&p) == 1);

    /* Short buffers: too short by one byte, and zero bytes. */
    dg_startpos(&p);
    size_t fen_len = strlen(perft_cases[0].fen);
    memset(buf, 'x', sizeof buf);
    CHECK_CODE(dg_position_to_fen(&p, buf, fen_len), DG_ERR_BUFFER_TOO_SMALL);
    CHECK(buf[0] == '\0' && buf[1] == 'x');
    CHECK_CODE(dg_position_to_fen(&p, buf, 0), DG_ERR_BUFFER_TOO_SMALL);
    CHECK_CODE(dg_position_to_fen(&p, buf, fen_len + 1), DG_OK);
    CHECK(strcmp(buf, perft_cases[0].fen) == 0);

    /* Bad UCI: not a move, an illegal move, not UTF-8. */
    m = 0x1234;
    CHECK_CODE(dg_parse_uci(&p, "castle", &m), DG_ERR_UCI_SYNTAX);
    CHECK_CODE(dg_parse_uci(&p, "e2e4 ", &m), DG_ERR_UCI_SYNTAX);
    CHECK_CODE(dg_parse_uci(&p, "e7e8x", &m), DG_ERR_UCI_SYNTAX);
    CHECK_CODE(dg_parse_uci(&p, "e2e5", &m), DG_ERR_ILLEGAL_MOVE);
    CHECK_CODE(dg_parse_uci(&p, "e1g1", &m), DG_ERR_ILLEGAL_MOVE);
    CHECK_CODE(dg_parse_uci(&p, "e2\xc3", &m), DG_ERR_UTF8);
    CHECK(m == 0x1234);

    /* Illegal moves: a real move of another position, and 16 bits that are no move. */
    dg_position other;
    dg_move e5;
    CHECK_CODE(dg_position_from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                    &other),
               DG_OK);
    CHECK_CODE(dg_parse_uci(&other, "e7e5", &e5), DG_OK);
    CHECK_CODE(dg_play(&p, e5, &other), DG_ERR_ILLEGAL_MOVE);
    CHECK_CODE(dg_play(&p, 0, &other), DG_ERR_ILLEGAL_MOVE);
    CHECK_CODE(dg_play(&p, 0xffff, &other), DG_ERR_ILLEGAL_MOVE);
    CHECK(dg_is_legal(&p, e5) == 0);
    CHECK(dg_side_to_move(&other) == DG_BLACK); /* unchanged by the refused plays */
    char uci[DG_UCI_BUFFER_SIZE];
    dg_move_to_uci(0xffff, uci);
    CHECK(strcmp(uci, "0000") == 0);

    /* A struct no dg_ function filled. */
    dg_position zeroed;
    memset(&zeroed, 0, sizeof zeroed);
    CHECK_CODE(dg_position_check(&zeroed), DG_ERR_NOT_A_POSITION);
    CHECK_CODE(dg_position_check(&untouched), DG_OK);
    CHECK_CODE(dg_position_to_fen(&zeroed, buf, sizeof buf), DG_ERR_NOT_A_POSITION);
    CHECK_CODE(dg_parse_uci(&zeroed, "e2e4", &m), DG_ERR_NOT_A_POSITION);
    CHECK_CODE(dg_play(&zeroed, e5, &other), DG_ERR_NOT_A_POSITION);
    CHECK(dg_count_legal(&zeroed) == 0);
    CHECK(dg_perft(&zeroed, 2) == 0);
    CHECK(dg_side_to_move(&zeroed) == -1);

    /* Every code has its own sentence; other numbers have one too. */
    for (int code = DG_OK; code <= DG_ERR_INTERNAL; code++) {
        const char *text = dg_error_message(code);
        CHECK(text != NULL && strlen(text) > 0);
        for (int other_code = DG_OK; other_code < code; other_code++) {
            CHECK(strcmp(text, dg_error_message(other_code)) != 0);
        }
    }
    CHECK(strcmp(dg_error_message(-1), "unknown error code") == 0);
    CHECK(strcmp(dg_error_message(DG_OK), "success") == 0);
}

static void test_fen_error_messages(void) {
    dg_position p, untouched;
    char msg[DG_FEN_ERROR_BUFFER_SIZE];
    dg_startpos(&p);
    dg_startpos(&untouched);

    /* The library's sentence, naming the field and the text at fault. */
    CHECK_CODE(dg_position_from_fen_with_error("8/8/8/8/8/8/8/8 x - - 0 1", 0, &p, msg, sizeof msg),
               DG_ERR_FEN_SYNTAX);
    CHECK(strcmp(msg, "invalid side to move \"x\" (expected 'w' or 'b')") == 0);
    CHECK_CODE(dg_position_from_fen_with_error("8/8/8/8/8/8/8/8 w - - 0 1", 0, &p, msg, sizeof msg),
               DG_ERR_FEN_POSITION);
    CHECK(strcmp(msg, "white has no king") == 0);
    CHECK_CODE(dg_position_from_fen_with_error(perft_cases[0].fen, 4, &p, msg, sizeof msg),
               DG_ERR_UNKNOWN_FLAGS);
    CHECK(strcmp(msg, dg_error_message(DG_ERR_UNKNOWN_FLAGS)) == 0);
    CHECK(dg_zobrist(&p) == dg_zobrist(&untouched)); /* unchanged by the refused reads */

    /* Cut to the buffer; no buffer at all; success clears the message. */
    memset(msg, 'x', sizeof msg);
    CHECK_CODE(dg_position_from_fen_with_error("8/8/8/8/8/8/8/8 x - - 0 1", 0, &p, msg, 8),
               DG_ERR_FEN_SYNTAX);
    CHECK(strcmp(msg, "invalid") == 0 && msg[8] == 'x');
    CHECK_CODE(dg_position_from_fen_with_error("8/8/8/8/8/8/8/8 x - - 0 1", 0, &p, NULL, 100),
               DG_ERR_FEN_SYNTAX);
    CHECK_CODE(dg_position_from_fen_with_error("8/8/8/8/8/8/8/8 x - - 0 1", 0, &p, msg, 0),
               DG_ERR_FEN_SYNTAX);
    CHECK(msg[0] == 'i');
    CHECK_CODE(dg_position_from_fen_with_error(perft_cases[1].fen, 0, &p, msg, sizeof msg), DG_OK);
    CHECK(msg[0] == '\0');
    CHECK(dg_count_legal(&p) == 48);
}

int main(void) {
    printf("backend: %s\n", dg_backend_name());
    test_layout();
    test_perft();
    test_lists();
    test_fen_round_trips();
    test_copy_make();
    test_chess960_castling_text();
    test_bad_input();
    test_fen_error_messages();
    printf("capi: %d passed, %d failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}

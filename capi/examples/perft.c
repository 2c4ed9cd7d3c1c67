/*
 * perft from C: `perft [depth] [fen]` prints each legal move with the number of leaves below
 * it (the "divide" form perftree and most engines print), then the total. Depth 5 and the
 * start position by default. The moves are made by copy-make: each child is a fresh
 * dg_position, the parent stays as it was.
 */
#include <stdio.h>
#include <stdlib.h>

#include "dirgolem.h"

int main(int argc, char **argv) {
    unsigned depth = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 5;
    const char *fen = argc > 2 ? argv[2] : NULL;

    dg_position root;
    if (fen == NULL) {
        dg_startpos(&root);
    } else {
        int code = dg_position_from_fen(fen, &root);
        if (code != DG_OK) {
            fprintf(stderr, "perft: %s: %s\n", fen, dg_error_message(code));
            return 2;
        }
    }

    uint64_t total = 0;
    if (depth > 0) {
        dg_move moves[DG_MAX_MOVES];
        size_t n = dg_legal_moves(&root, moves);
        for (size_t i = 0; i < n; i++) {
            dg_position child;
            char uci[DG_UCI_BUFFER_SIZE];
            dg_play_unchecked(&root, moves[i], &child);
            dg_move_to_uci_in(&root, moves[i], uci);
            uint64_t nodes = dg_perft(&child, depth - 1);
            printf("%s %llu\n", uci, (unsigned long long)nodes);
            total += nodes;
        }
    } else {
        total = 1;
    }
    printf("\n%llu\n", (unsigned long long)total);
    /* The bulk count must agree with the sum of the divide. */
    return total == dg_perft(&root, depth) ? 0 : 1;
}

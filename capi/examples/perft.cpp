// The C API from C++: a small value type around dg_position (copyable, as the C struct is),
// errors as exceptions, and a perft written as ordinary C++ recursion over the move lists
// (no bulk counting), checked against dg_perft.
//
// Usage: perft_cpp [depth] [fen]; depth 4 and Kiwipete by default.
#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <stdexcept>
#include <string>

#include "dirgolem.h"

namespace {

void check(int code, const std::string &what) {
    if (code != DG_OK) {
        throw std::runtime_error(what + ": " + dg_error_message(code));
    }
}

class Position {
  public:
    static Position startpos() {
        Position p;
        dg_startpos(&p.raw_);
        return p;
    }

    static Position from_fen(const std::string &fen) {
        Position p;
        check(dg_position_from_fen(fen.c_str(), &p.raw_), fen);
        return p;
    }

    std::string fen() const {
        std::array<char, DG_FEN_BUFFER_SIZE> buf{};
        check(dg_position_to_fen(&raw_, buf.data(), buf.size()), "fen");
        return buf.data();
    }

    // The legal moves, in a fixed array on the stack: no allocation.
    struct Moves {
        std::array<dg_move, DG_MAX_MOVES> list;
        std::size_t size;
        const dg_move *begin() const { return list.data(); }
        const dg_move *end() const { return list.data() + size; }
    };

    Moves legal_moves() const {
        Moves moves;
        moves.size = dg_legal_moves(&raw_, moves.list.data());
        return moves;
    }

    Position after(dg_move m) const {
        Position child;
        dg_play_unchecked(&raw_, m, &child.raw_);
        return child;
    }

    std::string uci(dg_move m) const {
        char buf[DG_UCI_BUFFER_SIZE];
        check(dg_move_to_uci_in(&raw_, m, buf), "uci");
        return buf;
    }

    std::uint64_t perft(unsigned depth) const { return dg_perft(&raw_, depth); }

  private:
    Position() = default;
    dg_position raw_;
};

std::uint64_t perft_by_moves(const Position &p, unsigned depth) {
    if (depth == 0) {
        return 1;
    }
    std::uint64_t nodes = 0;
    for (dg_move m : p.legal_moves()) {
        nodes += perft_by_moves(p.after(m), depth - 1);
    }
    return nodes;
}

} // namespace

int main(int argc, char **argv) {
    try {
        const unsigned depth = argc > 1 ? static_cast<unsigned>(std::strtoul(argv[1], nullptr, 10)) : 4;
        const Position root =
            argc > 2 ? Position::from_fen(argv[2])
                     : Position::from_fen(
                           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
        std::cout << root.fen() << " on " << dg_backend_name() << "\n";
        const std::uint64_t by_moves = perft_by_moves(root, depth);
        const std::uint64_t bulk = root.perft(depth);
        std::cout << "perft " << depth << ": " << by_moves << " (move by move), " << bulk
                  << " (dg_perft)\n";
        return by_moves == bulk ? 0 : 1;
    } catch (const std::exception &e) {
        std::cerr << "perft_cpp: " << e.what() << "\n";
        return 2;
    }
}

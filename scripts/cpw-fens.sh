# The five CPW perft positions by the letters the scripts take (s k 3 4 5), sourced by the
# scripts that count or time perft on them, with their published leaf counts at the depths the
# scripts use (`cpw_leaves[LETTER,DEPTH]`); each script sets its own depths.
declare -A fen
fen[s]="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
fen[k]="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
fen[3]="8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
fen[4]="r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
fen[5]="rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
declare -A cpw_leaves=(
  [s,4]=197281 [s,5]=4865609
  [k,3]=97862 [k,4]=4085603
  [3,4]=43238 [3,6]=11030083
  [4,4]=422333 [4,5]=15833292
  [5,3]=62379 [5,4]=2103487
)

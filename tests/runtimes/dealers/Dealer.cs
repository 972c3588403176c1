// A 斗地主 dealer as .NET Framework samples write it: new Random(Environment.TickCount) (what new Random() does
// there), or new Random((int)DateTime.Now.Ticks) with --ticks; the Next(i + 1) Fisher-Yates loop, dealt in
// blocks of 17 with 3 bottom cards. Prints the hands as card ids 0..53.
using System;

public static class Dealer {
    public static void Main(string[] args) {
        var rng = args.Length > 0 && args[0] == "--ticks"
            ? new Random((int)DateTime.Now.Ticks)
            : new Random(Environment.TickCount);
        var deck = new int[54];
        for (int c = 0; c < 54; c++) deck[c] = c;
        for (int i = 53; i > 0; i--) {
            int j = rng.Next(i + 1);
            int t = deck[i]; deck[i] = deck[j]; deck[j] = t;
        }
        for (int seat = 0; seat < 3; seat++) {
            Console.Write("seat " + (seat + 1) + ":");
            for (int k = 0; k < 17; k++) Console.Write(" " + deck[17 * seat + k]);
            Console.WriteLine();
        }
        Console.WriteLine("bottom: " + deck[51] + " " + deck[52] + " " + deck[53]);
    }
}

// A 斗地主 dealer as Java games write it: new Random(System.currentTimeMillis()), Collections.shuffle, dealt in
// blocks of 17 with 3 bottom cards. Prints the hands as card ids 0..53.
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

public class Dealer {
    public static void main(String[] args) {
        Random rnd = new Random(System.currentTimeMillis());
        List<Integer> deck = new ArrayList<>();
        for (int c = 0; c < 54; c++) {
            deck.add(c);
        }
        Collections.shuffle(deck, rnd);
        for (int seat = 0; seat < 3; seat++) {
            StringBuilder line = new StringBuilder("seat " + (seat + 1) + ":");
            for (int k = 0; k < 17; k++) {
                line.append(' ').append(deck.get(17 * seat + k));
            }
            System.out.println(line);
        }
        System.out.println("bottom: " + deck.get(51) + " " + deck.get(52) + " " + deck.get(53));
    }
}

/*
 * The plain C judge cube2048's `oj` command is measured against: the classic solution,
 * scanf in, printf out, one slide-and-merge routine for a line read from the wall.
 * Each tile merges at most once; the pair nearest the wall merges first.
 * Build: gcc -O2 -o oj bench/oj.c
 */
#include <stdio.h>
#include <string.h>

/* Slides line[0..3] (index 0 is the wall) and merges equal neighbours once. */
static void slide(int *line[4]) {
    int out[4] = {0, 0, 0, 0};
    int n = 0, open = 0;
    for (int k = 0; k < 4; k++) {
        int v = *line[k];
        if (v == 0) continue;
        if (open && out[n - 1] == v) {
            out[n - 1] = 2 * v;
            open = 0;
        } else {
            out[n++] = v;
            open = 1;
        }
    }
    for (int k = 0; k < 4; k++) *line[k] = out[k];
}

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 2;
    while (t-- > 0) {
        int b[4][4];
        char dir[16];
        for (int i = 0; i < 4; i++)
            for (int j = 0; j < 4; j++)
                if (scanf("%d", &b[i][j]) != 1) return 2;
        if (scanf("%15s", dir) != 1) return 2;
        int d = strcmp(dir, "LEFT") == 0 ? 0 : strcmp(dir, "RIGHT") == 0 ? 1 : strcmp(dir, "UP") == 0 ? 2 : strcmp(dir, "DOWN") == 0 ? 3 : -1;
        if (d < 0) return 2;
        for (int a = 0; a < 4; a++) {
            int *line[4];
            for (int k = 0; k < 4; k++) {
                if (d == 0) line[k] = &b[a][k];
                else if (d == 1) line[k] = &b[a][3 - k];
                else if (d == 2) line[k] = &b[k][a];
                else line[k] = &b[3 - k][a];
            }
            slide(line);
        }
        for (int i = 0; i < 4; i++) printf("%d %d %d %d\n", b[i][0], b[i][1], b[i][2], b[i][3]);
        printf("\n");
    }
    return 0;
}

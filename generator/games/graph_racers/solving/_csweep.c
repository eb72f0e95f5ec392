/* The sweep's start-to-goal race in C: the same layered search as Sweep._run_windowed in
 * sweep.py, on the same bitsets, visiting the vectors in the same order, so it settles the
 * same states and returns the same racing line. sweep.py uses it when the extension was built
 * (hatch_build.py compiles it where a C compiler is present) and races in pure Python
 * otherwise; the tests run both and compare them.
 *
 * Layout (as in sweep.py): bit r * width + c is point (r, c); each row is followed by `pad`
 * zero bits. A set is a window of 64-bit words [lo, lo + n) of the grid's bits.
 *
 * race(on, goal, starts, rows, cols, width, pad, accel, nine, exact, limited, max_states)
 *   on, goal, starts: bytes, the bitsets little-endian (bit i of the integer is point i)
 *   accel: tuple of (dr, dc), the allowed changes in the referee's order
 *   nine: true for the 9-change set (unions along one axis, then the other: sweep._spread)
 *   exact: the exact collision rule (else endpoint)
 *   limited, max_states: give up when the race settles more than max_states states (when
 *     limited): the --max-states limit itself, the count solve reports (no scaling)
 * returns (moves, settled, finishing vector, bits, vectors) for a race found, bits and
 * vectors from the last layer back (as Sweep._walk_back collects them); (None, settled) when
 * there is no route; ("too many", settled) past max_states.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t u64;

/* ---- memory: bump allocators; a reset keeps the chunks for reuse -------------------------- */
typedef struct Chunk {
    struct Chunk *next;
    size_t used, cap;
    u64 words[];
} Chunk;

typedef struct {
    Chunk *first, *cur;
} Arena;

/* n words, not zeroed */
static u64 *arena_raw(Arena *a, size_t n) {
    if (n == 0) n = 1;
    while (a->cur && a->cur->used + n > a->cur->cap) {
        a->cur = a->cur->next;
        if (a->cur) a->cur->used = 0;
    }
    if (!a->cur) {
        size_t cap = n > ((size_t)1 << 18) ? n : ((size_t)1 << 18);
        Chunk *c = (Chunk *)malloc(sizeof(Chunk) + cap * sizeof(u64));
        if (!c) return NULL;
        c->next = NULL;
        c->used = 0;
        c->cap = cap;
        if (!a->first) {
            a->first = c;
        } else {
            Chunk *last = a->first;
            while (last->next) last = last->next;
            last->next = c;
        }
        a->cur = c;
    }
    u64 *w = a->cur->words + a->cur->used;
    a->cur->used += n;
    return w;
}

static u64 *arena_words(Arena *a, size_t n) {
    u64 *w = arena_raw(a, n);
    if (w) memset(w, 0, (n ? n : 1) * sizeof(u64));
    return w;
}

static void arena_reset(Arena *a) {
    a->cur = a->first;
    if (a->cur) a->cur->used = 0;
}

static void arena_free(Arena *a) {
    Chunk *c = a->first;
    while (c) {
        Chunk *next = c->next;
        free(c);
        c = next;
    }
    a->first = a->cur = NULL;
}

/* ---- integer helpers --------------------------------------------------------------------- */
static long floordiv(long a, long b) { /* floor division, b > 0 */
    long q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static long lmax(long a, long b) { return a > b ? a : b; }
static long lmin(long a, long b) { return a < b ? a : b; }
static long labs_(long a) { return a < 0 ? -a : a; }

/* ---- windows ----------------------------------------------------------------------------- */
typedef struct {
    long lo, n; /* words [lo, lo + n) of the grid */
    u64 *w;
} Win;

/* word j (absolute) of the set {p : p + k in s}: bits 64 j + k .. of s */
static inline u64 get_word(const Win *s, long j, long k) {
    long q = floordiv(k, 64);
    int r = (int)(k - 64 * q);
    long i = j + q - s->lo;
    u64 a = (i >= 0 && i < s->n) ? s->w[i] : 0;
    if (!r) return a;
    u64 b = (i + 1 >= 0 && i + 1 < s->n) ? s->w[i + 1] : 0;
    return (a >> r) | (b << (64 - r));
}

/* dst (words [lo, lo + n)) = or &= get(src, k) on those words: the words of src read at
 * k bits further on; a tight loop where both words read lie inside src */
#define SHIFT_OP(NAME, OP)                                                                  \
    static void NAME(u64 *dst, long lo, long n, const Win *src, long k) {                  \
        long q = floordiv(k, 64);                                                          \
        int r = (int)(k - 64 * q);                                                         \
        long inner_lo = lmax(lo, src->lo - q), inner_hi = lmin(lo + n, src->lo + src->n - 1 - q); \
        if (inner_hi < inner_lo) inner_hi = inner_lo = lo + n;                             \
        const u64 *w = src->w + (q - src->lo);                                             \
        long j = lo;                                                                       \
        for (; j < inner_lo; j++) dst[j - lo] OP get_word(src, j, k);                      \
        if (r) {                                                                           \
            for (; j < inner_hi; j++) dst[j - lo] OP(w[j] >> r) | (w[j + 1] << (64 - r));  \
        } else {                                                                           \
            for (; j < inner_hi; j++) dst[j - lo] OP w[j];                                 \
        }                                                                                  \
        for (; j < lo + n; j++) dst[j - lo] OP get_word(src, j, k);                        \
    }
SHIFT_OP(and_get, &=)
SHIFT_OP(copy_get, =)

static inline int pop64(u64 x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}

static int lowest_bit(u64 x) { return __builtin_ctzll(x); }

/* ---- the race ---------------------------------------------------------------------------- */
typedef struct {
    u64 *run; /* plain runs of one length */
    long k;   /* read k bits further on */
} Strip;

typedef struct {
    int made, none, nstrips, fin_made;
    long band_lo, band_hi; /* words of the points that could finish */
    long off;
    u64 **avail; /* per block of words: start points whose plain move lands on a point not
                    yet reached with the vector; NULL until a car comes there */
    Strip *strips;        /* exact rule: the runs avail is built from */
    Win fin;              /* start points whose move finishes */
} Vec;

typedef struct {
    long count;
    long *vec; /* vector index of each set */
    Win *set;
} Front;

/* a layer kept for the walk back: per set, its nonzero words and their places */
typedef struct {
    long count;
    long *vec;   /* vector index of each set */
    long *start; /* set s: entries [start[s], start[s + 1]) */
    uint32_t *idx;
    u64 *words;
} Layer;

typedef struct {
    long rows, cols, width, pad, nw;
    int exact, nine, naccel;
    int accel[9][2];
    int vr_max, vc_max, vdim;
    Win on, goal, plain, starts;
    u64 **runs[2]; /* runs[axis][length], length 1 .. nruns - 1 */
    long nruns;
    Vec *vecs;
    long nvec;
    long goal_r0, goal_r1;
    Arena keep, temp, sets[2];
    Layer *layers;
    long nlayers, cap_layers;
    long *stamp, *slot, gen; /* the union step's keys (group) */
} Race;

static long vindex(const Race *R, long vr, long vc) {
    if (vr < -R->vr_max || vr > R->vr_max || vc < -R->vc_max || vc > R->vc_max) return -1;
    return (vr + R->vr_max) * R->vdim + (vc + R->vc_max);
}

static void vpair(const Race *R, long idx, long *vr, long *vc) {
    *vr = idx / R->vdim - R->vr_max;
    *vc = idx % R->vdim - R->vc_max;
}

static int max_speed(long span) {
    int s = 0;
    while ((long)(s + 1) * (s + 2) / 2 <= span - 1) s++;
    return s;
}

/* geometry.supercover: every closed unit square the segment (0, 0) -> (dr, dc) meets, with
 * the time it is entered (denominator 2 max(|dr|, 1) max(|dc|, 1)) */
typedef struct {
    long dr, dc, t;
} Touch;

static int touch_cmp(const void *a, const void *b) {
    const Touch *x = (const Touch *)a, *y = (const Touch *)b;
    if (x->t != y->t) return x->t < y->t ? -1 : 1;
    if (x->dr != y->dr) return x->dr < y->dr ? -1 : 1;
    if (x->dc != y->dc) return x->dc < y->dc ? -1 : 1;
    return 0;
}

static Touch *supercover(long dr, long dc, long *count) {
    long adr = labs_(dr), adc = labs_(dc);
    long sr = dr < 0 ? -1 : 1, sc = dc < 0 ? -1 : 1;
    long mcols = lmax(adr, 1), mrows = lmax(adc, 1);
    long total = 2 * mcols * mrows;
    Touch *out = (Touch *)malloc(sizeof(Touch) * (size_t)((adr + 1) * (adc + 1) + 1));
    long n = 0;
    if (!out) return NULL;
    for (long k = 0; k <= adc; k++) {
        long lo, hi;
        if (adc) {
            lo = lmax(0, (2 * k - 1) * mcols);
            hi = lmin(total, (2 * k + 1) * mcols);
        } else {
            lo = 0;
            hi = total;
        }
        if (lo > hi) continue;
        if (adr) {
            long jmin = lmax(0, -floordiv(-(lo - mrows), 2 * mrows));
            long jmax = lmin(adr, floordiv(hi + mrows, 2 * mrows));
            for (long j = jmin; j <= jmax; j++) {
                long enter = lmax(lo, (2 * j - 1) * mrows);
                if (enter <= lmin(hi, (2 * j + 1) * mrows)) {
                    out[n].dr = sr * j;
                    out[n].dc = sc * k;
                    out[n].t = enter;
                    n++;
                }
            }
        } else {
            out[n].dr = 0;
            out[n].dc = sc * k;
            out[n].t = lo;
            n++;
        }
    }
    qsort(out, (size_t)n, sizeof(Touch), touch_cmp);
    *count = n;
    return out;
}

/* points p with `length` plain points from p down (axis 0) or right (axis 1) */
static u64 *run_of(Race *R, int axis, long length) {
    if (length < 1 || length >= R->nruns) return NULL;
    if (R->runs[axis][length]) return R->runs[axis][length];
    u64 *w = arena_raw(&R->keep, (size_t)R->nw);
    if (!w) return NULL;
    if (length == 1) {
        memcpy(w, R->plain.w, sizeof(u64) * (size_t)R->nw);
    } else {
        u64 *prev = run_of(R, axis, length - 1);
        if (!prev) return NULL;
        memcpy(w, prev, sizeof(u64) * (size_t)R->nw);
        long step = axis == 0 ? R->width : 1;
        and_get(w, 0, R->nw, &R->plain, (length - 1) * step);
    }
    R->runs[axis][length] = w;
    return w;
}

/* Sweep.legal, then `& ~starts` for the vector (0, 0), built a block of words at a time
 * when the first car comes there (cars with one vector visit a small part of the grid).
 * Exact rule: the touched squares in one column strip (or row strip) are a straight run, so
 * the set is plain AND one shifted run of plain points per strip. */
#define BLOCK 32

static int make_avail(Race *R, Vec *V, long vr, long vc) {
    long nw = R->nw, w = R->width;
    V->avail = (u64 **)arena_words(&R->keep, (size_t)(nw / BLOCK + 1));
    V->nstrips = 0;
    if (!V->avail) return -1;
    V->none = labs_(vc) >= R->pad; /* no car is that fast */
    if (V->none || !R->exact) return 0;
    long count;
    Touch *t = supercover(vr, vc, &count);
    if (!t) return -1;
    int axis = labs_(vc) <= labs_(vr) ? 0 : 1;
    long K = axis == 0 ? labs_(vc) : labs_(vr);
    long *lo = (long *)malloc(sizeof(long) * (size_t)(2 * K + 1));
    long *hi = (long *)malloc(sizeof(long) * (size_t)(2 * K + 1));
    char *has = (char *)calloc((size_t)(2 * K + 1), 1);
    V->strips = (Strip *)arena_raw(&R->keep, (size_t)(2 * K + 1) * 2);
    if (!lo || !hi || !has || !V->strips) {
        free(t), free(lo), free(hi), free(has);
        return -1;
    }
    for (long i = 0; i < count; i++) {
        long key = axis == 0 ? t[i].dc : t[i].dr, along = axis == 0 ? t[i].dr : t[i].dc;
        long s = key + K;
        if (!has[s]) {
            has[s] = 1;
            lo[s] = hi[s] = along;
        } else if (along < lo[s]) {
            lo[s] = along;
        } else if (along > hi[s]) {
            hi[s] = along;
        }
    }
    int ok = 0;
    for (long s = 0; s <= 2 * K; s++) {
        if (!has[s]) continue;
        long key = s - K;
        u64 *run = run_of(R, axis, hi[s] - lo[s] + 1);
        if (!run) {
            ok = -1;
            break;
        }
        V->strips[V->nstrips].run = run;
        V->strips[V->nstrips].k = axis == 0 ? lo[s] * w + key : key * w + lo[s];
        V->nstrips++;
    }
    free(t), free(lo), free(hi), free(has);
    return ok;
}

/* make the blocks of avail holding words [a, b) */
static int avail_ready(Race *R, Vec *V, long a, long b) {
    long vr, vc;
    for (long blk = a / BLOCK; blk <= (b - 1) / BLOCK; blk++) {
        if (V->avail[blk]) continue;
        long lo = blk * BLOCK, n = lmin(BLOCK, R->nw - lo);
        u64 *hit = V->avail[blk] = arena_raw(&R->keep, BLOCK);
        if (!hit) return -1;
        if (V->none) {
            memset(hit, 0, sizeof(u64) * (size_t)n);
            continue;
        }
        if (!R->exact) {
            copy_get(hit, lo, n, &R->plain, V->off);
        } else {
            memcpy(hit, R->plain.w + lo, sizeof(u64) * (size_t)n);
            for (int s = 0; s < V->nstrips; s++) {
                Win rw = {0, R->nw, V->strips[s].run};
                and_get(hit, lo, n, &rw, V->strips[s].k);
            }
        }
        vpair(R, V - R->vecs, &vr, &vc);
        if (vr == 0 && vc == 0)
            for (long j = 0; j < n; j++) hit[j] &= ~R->starts.w[lo + j];
    }
    return 0;
}

/* Sweep.finish: start points whose move touches a goal square at or before its first
 * off-track square (squares entered at the same moment count as at once) */
static int make_finish(Race *R, Vec *V, long vr, long vc) {
    long w = R->width;
    V->fin.lo = 0;
    V->fin.n = 0;
    V->fin.w = NULL;
    if (labs_(vc) >= R->pad || R->goal_r0 > R->goal_r1) return 0;
    if (!R->exact) {
        u64 *f = arena_raw(&R->keep, (size_t)R->nw);
        if (!f) return -1;
        copy_get(f, 0, R->nw, &R->goal, vr * w + vc);
        for (long j = 0; j < R->nw; j++) f[j] &= R->on.w[j];
        V->fin.n = R->nw;
        V->fin.w = f;
        return 0;
    }
    long r0 = lmax(0, R->goal_r0 - labs_(vr) - 1);
    long r1 = lmin(R->rows - 1, R->goal_r1 + labs_(vr) + 1);
    long lo = (r0 * w) / 64, hi = ((r1 + 1) * w + 63) / 64;
    long n = hi - lo;
    u64 *fin = arena_words(&R->keep, (size_t)n);
    u64 *clear = (u64 *)malloc(sizeof(u64) * (size_t)n);
    u64 *pending = (u64 *)malloc(sizeof(u64) * (size_t)n);
    long count;
    Touch *t = supercover(vr, vc, &count);
    if (!fin || !clear || !pending || !t) {
        free(clear), free(pending), free(t);
        return -1;
    }
    u64 *goal_k = (u64 *)malloc(sizeof(u64) * (size_t)n);
    if (!goal_k) {
        free(clear), free(pending), free(t);
        return -1;
    }
    for (long j = 0; j < n; j++) pending[j] = ~(u64)0;
    long i = 0;
    while (i < count) {
        long e = i;
        while (e < count && t[e].t == t[i].t) e++;
        /* the moment t[i].t: clear = pending */
        u64 any = 0;
        for (long j = 0; j < n; j++) any |= (clear[j] = pending[j]);
        if (!any) break;
        for (long m = i; m < e; m++) {
            long k = t[m].dr * w + t[m].dc;
            copy_get(goal_k, lo, n, &R->goal, k);
            for (long j = 0; j < n; j++) fin[j] |= clear[j] & goal_k[j];
            and_get(pending, lo, n, &R->on, k);
        }
        i = e;
    }
    free(goal_k);
    for (long j = 0; j < n; j++) fin[j] &= R->on.w[lo + j];
    free(clear), free(pending), free(t);
    V->fin.lo = lo;
    V->fin.n = n;
    V->fin.w = fin;
    return 0;
}

static Vec *vec_of(Race *R, long idx) {
    Vec *V = &R->vecs[idx];
    if (!V->made) {
        long vr, vc;
        vpair(R, idx, &vr, &vc);
        V->off = vr * R->width + vc;
        if (make_avail(R, V, vr, vc)) return NULL;
        /* the words of the points that could finish: rows within the move's reach of a goal
         * (the finishing set itself is built when the first cars come there) */
        V->band_lo = V->band_hi = 0;
        if (labs_(vc) < R->pad && R->goal_r0 <= R->goal_r1) {
            long r0 = lmax(0, R->goal_r0 - labs_(vr) - 1);
            long r1 = lmin(R->rows - 1, R->goal_r1 + labs_(vr) + 1);
            V->band_lo = (r0 * R->width) / 64;
            V->band_hi = ((r1 + 1) * R->width + 63) / 64;
        }
        V->made = 1;
    }
    return V;
}

/* is a goal within king moves through track points of a start? */
static int connected(Race *R) {
    long rows = R->rows, cols = R->cols, w = R->width;
    char *seen = (char *)calloc((size_t)(rows * cols), 1);
    long *queue = (long *)malloc(sizeof(long) * (size_t)(rows * cols + 1));
    int found = 0;
    long head = 0, tail = 0;
    if (!seen || !queue) {
        free(seen), free(queue);
        return -1;
    }
#define BIT(W, i) (((W).w[(i) >> 6] >> ((i) & 63)) & 1)
    for (long r = 0; r < rows; r++)
        for (long c = 0; c < cols; c++)
            if (BIT(R->starts, r * w + c)) {
                seen[r * cols + c] = 1;
                queue[tail++] = r * cols + c;
            }
    while (head < tail && !found) {
        long cell = queue[head++];
        long r = cell / cols, c = cell % cols;
        if (BIT(R->goal, r * w + c)) {
            found = 1;
            break;
        }
        for (long dr = -1; dr <= 1; dr++)
            for (long dc = -1; dc <= 1; dc++) {
                long rr = r + dr, cc = c + dc;
                if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
                if (seen[rr * cols + cc] || !BIT(R->on, rr * w + cc)) continue;
                seen[rr * cols + cc] = 1;
                queue[tail++] = rr * cols + cc;
            }
    }
#undef BIT
    free(seen), free(queue);
    return found;
}

/* keep the layer's sets for the walk back, as their nonzero words */
static int layer_push(Race *R, const Front *F) {
    if (R->nlayers == R->cap_layers) {
        long cap = R->cap_layers ? 2 * R->cap_layers : 64;
        Layer *n = (Layer *)realloc(R->layers, sizeof(Layer) * (size_t)cap);
        if (!n) return -1;
        R->layers = n;
        R->cap_layers = cap;
    }
    Layer *L = &R->layers[R->nlayers++];
    long total = 0;
    for (long s = 0; s < F->count; s++)
        for (long j = 0; j < F->set[s].n; j++) total += F->set[s].w[j] != 0;
    L->count = F->count;
    L->vec = (long *)malloc(sizeof(long) * (size_t)(F->count + 1));
    L->start = (long *)malloc(sizeof(long) * (size_t)(F->count + 1));
    L->idx = (uint32_t *)malloc(sizeof(uint32_t) * (size_t)(total + 1));
    L->words = (u64 *)malloc(sizeof(u64) * (size_t)(total + 1));
    if (!L->vec || !L->start || !L->idx || !L->words) return -1;
    long e = 0;
    for (long s = 0; s < F->count; s++) {
        L->vec[s] = F->vec[s];
        L->start[s] = e;
        const Win *x = &F->set[s];
        for (long j = 0; j < x->n; j++)
            if (x->w[j]) {
                L->idx[e] = (uint32_t)(x->lo + j);
                L->words[e++] = x->w[j];
            }
    }
    L->start[F->count] = e;
    return 0;
}

/* does layer k hold point i with vector index v? */
static int layer_has(const Race *R, long k, long v, long i) {
    const Layer *L = &R->layers[k];
    for (long s = 0; s < L->count; s++) {
        if (L->vec[s] != v) continue;
        long lo = L->start[s], hi = L->start[s + 1];
        uint32_t want = (uint32_t)(i >> 6);
        while (lo < hi) {
            long mid = (lo + hi) / 2;
            if (L->idx[mid] < want)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo < L->start[s + 1] && L->idx[lo] == want && ((L->words[lo] >> (i & 63)) & 1);
    }
    return 0;
}

/* the union step: per new vector (in sweep._spread's order), the cars that may take it */
typedef struct {
    long count;
    long *vec;
    Win *set;
} Group;

/* groups sets `in` by keys: key j of set s is s's vector + changes[j]; OR-ed in first-seen
 * order of keys */
static int group(Race *R, const long *vec, const Win *set, long count, int (*changes)[2],
                 int nchanges, Group *out) {
    long cap = count * nchanges + 1;
    out->vec = (long *)malloc(sizeof(long) * (size_t)cap);
    out->set = (Win *)malloc(sizeof(Win) * (size_t)cap);
    long *lo = (long *)malloc(sizeof(long) * (size_t)cap);
    long *hi = (long *)malloc(sizeof(long) * (size_t)cap);
    out->count = 0;
    if (!out->vec || !out->set || !lo || !hi) {
        free(lo), free(hi);
        return -1;
    }
    R->gen++;
    for (int pass = 0; pass < 2; pass++) {
        for (long s = 0; s < count; s++) {
            long vr, vc;
            vpair(R, vec[s], &vr, &vc);
            for (int c = 0; c < nchanges; c++) {
                long key = vindex(R, vr + changes[c][0], vc + changes[c][1]);
                if (key < 0) {
                    free(lo), free(hi);
                    return -2;
                }
                if (pass == 0) {
                    if (R->stamp[key] != R->gen) {
                        R->stamp[key] = R->gen;
                        R->slot[key] = out->count;
                        out->vec[out->count] = key;
                        lo[out->count] = set[s].lo;
                        hi[out->count] = set[s].lo + set[s].n;
                        out->count++;
                    } else {
                        long g = R->slot[key];
                        lo[g] = lmin(lo[g], set[s].lo);
                        hi[g] = lmax(hi[g], set[s].lo + set[s].n);
                    }
                } else {
                    long g = R->slot[key];
                    Win *x = &out->set[g];
                    u64 *dst = x->w + (set[s].lo - x->lo);
                    const u64 *src = set[s].w;
                    long m = set[s].n;
                    if (R->stamp[key] == R->gen) { /* the group's first set: copy, zero the rest */
                        R->stamp[key] = R->gen + 1;
                        memset(x->w, 0, sizeof(u64) * (size_t)(set[s].lo - x->lo));
                        memcpy(dst, src, sizeof(u64) * (size_t)m);
                        long tail = x->lo + x->n - (set[s].lo + m);
                        memset(dst + m, 0, sizeof(u64) * (size_t)tail);
                    } else {
                        for (long j = 0; j < m; j++) dst[j] |= src[j];
                    }
                }
            }
        }
        if (pass == 0) {
            for (long g = 0; g < out->count; g++) {
                out->set[g].lo = lo[g];
                out->set[g].n = hi[g] - lo[g];
                out->set[g].w = arena_raw(&R->temp, (size_t)(hi[g] - lo[g]));
                if (!out->set[g].w) {
                    free(lo), free(hi);
                    return -1;
                }
            }
        }
    }
    R->gen++; /* stamps R->gen + 1 marked the groups begun in the second pass */
    free(lo), free(hi);
    return 0;
}

static void group_free(Group *g) {
    free(g->vec);
    free(g->set);
    g->vec = NULL;
    g->set = NULL;
}

enum { FOUND = 1, NONE = 0, TOO_MANY = 2, FAILED = -1, OUT_OF_RANGE = -2 };

typedef struct {
    long long settled;
    long moves, v2;
    long *bits, *vecs;
    long nbits;
} Result;

static int walk_back(Race *R, long v2, long i, Result *res) {
    long k = R->nlayers - 1;
    res->moves = R->nlayers;
    res->v2 = v2;
    res->bits = (long *)malloc(sizeof(long) * (size_t)(k + 1));
    res->vecs = (long *)malloc(sizeof(long) * (size_t)(k + 1));
    if (!res->bits || !res->vecs) return FAILED;
    long v = v2;
    for (;;) {
        long vr, vc, found = -1;
        vpair(R, v, &vr, &vc);
        for (int a = 0; a < R->naccel; a++) {
            long u = vindex(R, vr - R->accel[a][0], vc - R->accel[a][1]);
            if (u >= 0 && layer_has(R, k, u, i)) {
                found = u;
                break;
            }
        }
        if (found < 0) return FAILED; /* a settled state always has a predecessor */
        v = found;
        res->bits[res->nbits] = i;
        res->vecs[res->nbits] = v;
        res->nbits++;
        if (k == 0) break;
        long ur, uc;
        vpair(R, v, &ur, &uc);
        i -= ur * R->width + uc;
        k--;
    }
    return FOUND;
}

static int race(Race *R, int limited, long long max_states, Result *res) {
    long nw = R->nw;
    if (R->exact) {
        int c = connected(R);
        if (c < 0) return FAILED;
        if (!c) return NONE;
    }
    /* the first layer: the starts at rest */
    Front front;
    front.count = 1;
    front.vec = (long *)malloc(sizeof(long));
    front.set = (Win *)malloc(sizeof(Win));
    if (!front.vec || !front.set) return FAILED;
    front.vec[0] = vindex(R, 0, 0);
    front.set[0] = R->starts;
    int nine_rows[3][2] = {{0, -1}, {0, 0}, {0, 1}};
    int nine_cols[3][2] = {{-1, 0}, {0, 0}, {1, 0}};
    long long layer_states = 0;
    for (long j = 0; j < R->starts.n; j++) layer_states += pop64(R->starts.w[j]);
    for (long t = 0; front.count; t++) {
        res->settled += layer_states;
        layer_states = 0;
        /* past the limit before the layer is stored (as sweep.py): a limit set to keep a big
         * map's memory down never stores the layer that passes it */
        if (limited && res->settled > max_states) {
            free(front.vec), free(front.set);
            return TOO_MANY;
        }
        if (layer_push(R, &front)) {
            free(front.vec), free(front.set);
            return FAILED;
        }
        arena_reset(&R->temp);
        /* the next layer's sets go where the layer before this one's were */
        Arena *fresh = &R->sets[(t + 1) & 1];
        arena_reset(fresh);
        Group out;
        int err;
        if (R->nine) {
            Group rows;
            err = group(R, front.vec, front.set, front.count, nine_rows, 3, &rows);
            if (err) {
                group_free(&rows);
                free(front.vec), free(front.set);
                return err;
            }
            err = group(R, rows.vec, rows.set, rows.count, nine_cols, 3, &out);
            group_free(&rows);
        } else {
            err = group(R, front.vec, front.set, front.count, R->accel, R->naccel, &out);
        }
        free(front.vec), free(front.set);
        if (err) {
            group_free(&out);
            return err;
        }
        Front next;
        next.count = 0;
        next.vec = (long *)malloc(sizeof(long) * (size_t)(out.count + 1));
        next.set = (Win *)malloc(sizeof(Win) * (size_t)(out.count + 1));
        if (!next.vec || !next.set) {
            free(next.vec), free(next.set);
            group_free(&out);
            return FAILED;
        }
        for (long g = 0; g < out.count; g++) {
            Vec *V = vec_of(R, out.vec[g]);
            Win *inc = &out.set[g];
            if (!V) {
                free(next.vec), free(next.set);
                group_free(&out);
                return FAILED;
            }
            if (!V->fin_made && inc->lo < V->band_hi && inc->lo + inc->n > V->band_lo) {
                long vr, vc;
                vpair(R, out.vec[g], &vr, &vc);
                if (make_finish(R, V, vr, vc)) {
                    free(next.vec), free(next.set);
                    group_free(&out);
                    return FAILED;
                }
                V->fin_made = 1;
            }
            if (V->fin.n) {
                long a = lmax(inc->lo, V->fin.lo);
                long b = lmin(inc->lo + inc->n, V->fin.lo + V->fin.n);
                for (long j = a; j < b; j++) {
                    u64 hit = inc->w[j - inc->lo] & V->fin.w[j - V->fin.lo];
                    if (hit) {
                        long v2 = out.vec[g];
                        free(next.vec), free(next.set);
                        group_free(&out);
                        return walk_back(R, v2, 64 * j + lowest_bit(hit), res);
                    }
                }
            }
            /* moved = inc & avail; avail ^= moved (within the grid) */
            long a = lmax(inc->lo, 0), b = lmin(inc->lo + inc->n, nw);
            long first = -1, last = -1;
            if (a < b && avail_ready(R, V, a, b)) {
                free(next.vec), free(next.set);
                group_free(&out);
                return FAILED;
            }
            for (long j = a; j < b;) {
                long blk = j / BLOCK, end = lmin(b, (blk + 1) * BLOCK);
                u64 *av = V->avail[blk] - blk * BLOCK, *in = inc->w - inc->lo;
                for (; j < end; j++) {
                    u64 m = in[j] & av[j];
                    in[j] = m;
                    if (m) {
                        av[j] ^= m;
                        layer_states += pop64(m);
                        if (first < 0) first = j;
                        last = j;
                    }
                }
            }
            if (first < 0) continue;
            /* shift the moved cars by the vector: bits [64 first, 64 (last + 1)) + off */
            Win moved = {first, last + 1 - first, inc->w + (first - inc->lo)};
            long s0 = floordiv(64 * first + V->off, 64);
            long s1 = floordiv(64 * (last + 1) + V->off + 63, 64);
            s0 = lmax(s0, 0);
            s1 = lmin(s1, nw);
            if (s0 >= s1) continue;
            u64 *dst = arena_raw(fresh, (size_t)(s1 - s0));
            if (!dst) {
                free(next.vec), free(next.set);
                group_free(&out);
                return FAILED;
            }
            copy_get(dst, s0, s1 - s0, &moved, -V->off);
            /* trim words that came out empty */
            while (s0 < s1 && !dst[0]) s0++, dst++;
            while (s1 > s0 && !dst[s1 - 1 - s0]) s1--;
            if (s0 >= s1) continue;
            next.vec[next.count] = out.vec[g];
            next.set[next.count].lo = s0;
            next.set[next.count].n = s1 - s0;
            next.set[next.count].w = dst;
            next.count++;
        }
        group_free(&out);
        front = next;
    }
    free(front.vec), free(front.set);
    return NONE;
}

/* ---- the Python function ----------------------------------------------------------------- */
static int load(Race *R, Win *dst, PyObject *bytes) {
    char *buf;
    Py_ssize_t len;
    if (PyBytes_AsStringAndSize(bytes, &buf, &len) < 0) return -1;
    u64 *w = arena_words(&R->keep, (size_t)R->nw);
    if (!w) {
        PyErr_NoMemory();
        return -1;
    }
    for (Py_ssize_t i = 0; i < len && (i >> 3) < R->nw; i++)
        w[i >> 3] |= (u64)(unsigned char)buf[i] << (8 * (i & 7));
    dst->lo = 0;
    dst->n = R->nw;
    dst->w = w;
    return 0;
}

static void race_free(Race *R) {
    for (long k = 0; k < R->nlayers; k++) {
        free(R->layers[k].vec);
        free(R->layers[k].start);
        free(R->layers[k].idx);
        free(R->layers[k].words);
    }
    free(R->layers);
    free(R->vecs);
    arena_free(&R->keep);
    arena_free(&R->temp);
    arena_free(&R->sets[0]);
    arena_free(&R->sets[1]);
    free(R->stamp);
    free(R->slot);
    free(R->runs[0]);
    free(R->runs[1]);
}

static PyObject *py_race(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *on, *goal, *starts, *accel;
    long rows, cols, width, pad;
    long long max_states;
    int nine, exact, limited;
    if (!PyArg_ParseTuple(args, "SSSllllOpppL", &on, &goal, &starts, &rows, &cols, &width, &pad,
                          &accel, &nine, &exact, &limited, &max_states))
        return NULL;
    if (rows < 1 || cols < 1 || width < cols || pad < 1 || width != cols + pad) {
        PyErr_SetString(PyExc_ValueError, "bad grid size");
        return NULL;
    }
    Race R;
    memset(&R, 0, sizeof R);
    R.rows = rows;
    R.cols = cols;
    R.width = width;
    R.pad = pad;
    R.nw = (rows * width + 63) / 64;
    R.exact = exact;
    R.nine = nine;
    PyObject *seq = PySequence_Fast(accel, "accel must be a sequence");
    if (!seq) return NULL;
    Py_ssize_t na = PySequence_Fast_GET_SIZE(seq);
    if (na < 1 || na > 9) {
        Py_DECREF(seq);
        PyErr_SetString(PyExc_ValueError, "1 to 9 changes");
        return NULL;
    }
    for (Py_ssize_t a = 0; a < na; a++) {
        PyObject *item = PySequence_Fast_GET_ITEM(seq, a);
        if (!PyArg_ParseTuple(item, "ii", &R.accel[a][0], &R.accel[a][1])) {
            Py_DECREF(seq);
            return NULL;
        }
    }
    Py_DECREF(seq);
    R.naccel = (int)na;
    /* speeds reachable on the grid, one more for the union's keys, one more for safety */
    R.vr_max = max_speed(rows) + 3;
    R.vc_max = max_speed(cols) + 3;
    R.vdim = 2 * R.vc_max + 1;
    R.nvec = (long)(2 * R.vr_max + 1) * R.vdim;
    R.vecs = (Vec *)calloc((size_t)R.nvec, sizeof(Vec));
    /* a move's squares in one strip are at most |v| + 1 long */
    R.nruns = lmax(R.vr_max, R.vc_max) + 3;
    R.runs[0] = (u64 **)calloc((size_t)R.nruns, sizeof(u64 *));
    R.runs[1] = (u64 **)calloc((size_t)R.nruns, sizeof(u64 *));
    R.stamp = (long *)calloc((size_t)R.nvec, sizeof(long));
    R.slot = (long *)calloc((size_t)R.nvec, sizeof(long));
    if (!R.vecs || !R.stamp || !R.slot || !R.runs[0] || !R.runs[1]) {
        race_free(&R);
        return PyErr_NoMemory();
    }
    if (load(&R, &R.on, on) || load(&R, &R.goal, goal) || load(&R, &R.starts, starts)) {
        race_free(&R);
        return NULL;
    }
    u64 *plain = arena_words(&R.keep, (size_t)R.nw);
    if (!plain) {
        race_free(&R);
        return PyErr_NoMemory();
    }
    for (long j = 0; j < R.nw; j++) plain[j] = R.on.w[j] & ~R.goal.w[j];
    R.plain.lo = 0;
    R.plain.n = R.nw;
    R.plain.w = plain;
    R.goal_r0 = rows;
    R.goal_r1 = -1;
    for (long j = 0; j < R.nw; j++) {
        u64 x = R.goal.w[j];
        while (x) {
            long i = 64 * j + lowest_bit(x);
            long r = i / width;
            R.goal_r0 = lmin(R.goal_r0, r);
            R.goal_r1 = lmax(R.goal_r1, r);
            x &= x - 1;
        }
    }
    Result res;
    memset(&res, 0, sizeof res);
    int status;
    Py_BEGIN_ALLOW_THREADS;
    status = race(&R, limited, max_states, &res);
    Py_END_ALLOW_THREADS;
    PyObject *out = NULL;
    if (status == FOUND) {
        PyObject *bits = PyList_New(res.nbits), *vecs = PyList_New(res.nbits);
        if (bits && vecs) {
            for (long k = 0; k < res.nbits; k++) {
                long vr, vc;
                vpair(&R, res.vecs[k], &vr, &vc);
                PyList_SET_ITEM(bits, k, PyLong_FromLong(res.bits[k]));
                PyList_SET_ITEM(vecs, k, Py_BuildValue("(ll)", vr, vc));
            }
            long vr, vc;
            vpair(&R, res.v2, &vr, &vc);
            out = Py_BuildValue("(lL(ll)OO)", res.moves, res.settled, vr, vc, bits, vecs);
        }
        Py_XDECREF(bits);
        Py_XDECREF(vecs);
    } else if (status == NONE) {
        out = Py_BuildValue("(OL)", Py_None, res.settled);
    } else if (status == TOO_MANY) {
        out = Py_BuildValue("(sL)", "too many", res.settled);
    } else if (status == OUT_OF_RANGE) {
        PyErr_SetString(PyExc_ValueError, "a vector outside the table");
    } else {
        PyErr_NoMemory();
    }
    free(res.bits);
    free(res.vecs);
    race_free(&R);
    return out;
}

#ifndef CSWEEP_SOURCE_SHA
#define CSWEEP_SOURCE_SHA ""
#endif

static PyMethodDef methods[] = {
    {"race", py_race, METH_VARARGS, "The sweep's start-to-goal race (see sweep.py)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_csweep", "The sweep's race in C (see sweep.py).", -1, methods, NULL, NULL, NULL, NULL,
};

/* SOURCE_SHA: the SHA-256 of this file as built (hatch_build.py passes it), so sweep.py can
 * refuse a module compiled from another version of the source (an old in-place build) */
PyMODINIT_FUNC PyInit__csweep(void) {
    PyObject *m = PyModule_Create(&module);
    if (m && PyModule_AddStringConstant(m, "SOURCE_SHA", CSWEEP_SOURCE_SHA) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

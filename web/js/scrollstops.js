// Scroll stops: a box that scrolls in its own area is a tab stop only while it scrolls.
//
// A game marks such a box `data-scroll-stop` with `tabindex="-1"` (and names it). While its
// content overflows it (scrollHeight > clientHeight, or the width, along an axis whose overflow
// is auto or scroll), this sets `tabindex="0"`: a keyboard user tabs to it and scrolls it with
// the arrow keys (axe-core's "scrollable-region-focusable"). While it does not scroll (a phone
// where the box grows with its content, a projector with room to spare, a short log) it is set
// back to `tabindex="-1"`: no empty stop in the tab order. The attribute is never removed, so a
// box that stops scrolling while it has the focus keeps it (the next Tab goes on from there),
// and the shell's redraw can focus the redrawn twin of a focused box (shell/regions.py) before
// this has looked at it.
//
// Game-neutral: a MutationObserver sees every redraw (a game's regions set with innerHTML, the
// cards' scripts), a ResizeObserver every change of a box's size or of its content's (a new
// viewport, a font, a panel opened beside it), and a "toggle" listener every <details> unfolded.

const SELECTOR = "[data-scroll-stop]";

function scrolls(box) {
    // Not shown (display: none, or inside a folded <details>, whose content Chromium still lays
    // out): nothing to scroll.
    if (box.checkVisibility && !box.checkVisibility()) return false;
    const style = getComputedStyle(box);
    const can = (overflow) => overflow === "auto" || overflow === "scroll";
    return (
        (can(style.overflowY) && box.scrollHeight > box.clientHeight + 1) ||
        (can(style.overflowX) && box.scrollWidth > box.clientWidth + 1)
    );
}

/** Set each box's tabindex from whether it scrolls now. */
export function updateScrollStops(boxes = document.querySelectorAll(SELECTOR)) {
    for (const box of boxes) {
        if (!box.isConnected) continue;
        const want = scrolls(box) ? "0" : "-1";
        if (box.getAttribute("tabindex") !== want) box.setAttribute("tabindex", want);
    }
}

const watched = new Set();

const resized = new ResizeObserver((entries) => {
    const boxes = new Set();
    for (const { target } of entries) {
        const box = target.closest(SELECTOR);
        if (box) boxes.add(box);
    }
    updateScrollStops(boxes);
});

function watch() {
    for (const node of watched) {
        if (!node.isConnected) {
            resized.unobserve(node);
            watched.delete(node);
        }
    }
    for (const box of document.querySelectorAll(SELECTOR)) {
        // The box (a new viewport) and its content (lines that wrap, a font that loads).
        for (const node of [box, ...box.children]) {
            if (!watched.has(node)) {
                watched.add(node);
                resized.observe(node);
            }
        }
    }
    updateScrollStops();
}

new MutationObserver(watch).observe(document.body, { childList: true, subtree: true });
// A <details> unfolded or folded changes no child and maybe no size: look again.
document.addEventListener("toggle", () => updateScrollStops(), true);
watch();

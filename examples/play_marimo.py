"""Spit against the computer, as a marimo app: ``marimo run examples/play_marimo.py``
(or ``marimo edit`` it). The computer plays on marimo's own event loop."""

import marimo

app = marimo.App(width="medium")


@app.cell
def _():
    import marimo as mo

    from spit_widget import SpitWidget

    return SpitWidget, mo


@app.cell
def _(mo):
    mo.md(
        """
        # Spit against the computer

        Play any top card of your five stock piles onto a centre pile when it is
        **one rank above or below** its top card (suits don't matter; Ace and King
        are neighbours). Empty your stock piles first to win. When neither of you
        can play, press **Stuck**. Keys: **1-5** play your piles, **Space** is Stuck,
        **P** pauses.
        """
    )


@app.cell
def _(SpitWidget, mo):
    table = mo.ui.anywidget(SpitWidget())
    table  # noqa: B018 (marimo shows the last expression of a cell)
    return (table,)


if __name__ == "__main__":
    app.run()

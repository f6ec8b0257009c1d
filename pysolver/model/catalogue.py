"""The supported ability lines: one catalogue behind the parser, `pysolver abilities` and docs/abilities.md.

Each :class:`LineForm` is one form of line with the Comprehensive Rules number that defines it
and an example line. The parser (:mod:`pysolver.model.abilities`) takes its keyword, phrase and
protection-quality tables from here; the forms marked ``literal=False`` (landwalk, "except by N",
protection combinations, morph costs) are patterns it parses itself. In a form, ``~`` stands for
the creature: its name, "~" or "this creature" (a line that starts with it may also leave it out).

>>> entry("flying").rule, entry("flying").example
('702.9', 'Flying')
>>> [f.form for f in CATALOGUE if f.kind == "must_be_blocked"]
['~ must be blocked if able']
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, dataclass
from typing import Any

from .values import FORMAT

#: The groups in the order `pysolver abilities` and docs/abilities.md list them.
GROUPS = {
    "keyword": "Keyword abilities",
    "protection": "Protection (702.16)",
    "face-down": "Face-down abilities (702.37, 702.168, 708)",
    "blocking": "Attack and blocking restrictions (508.1c, 509.1a, 509.1b)",
    "requirement": "Attack and block requirements (508.1d, 509.1c)",
    "assignment": "Combat damage assignment (510.1)",
    "activated": "Activated pump abilities (602, 613.4c)",
    "trigger": "Combat triggers (603.2, 508.2a, 509.2a)",
    "damage-trigger": "Combat-damage triggers (510.3a, 603.2)",
    "dealt-trigger": "Damage triggers (603.2, 120.3)",
    "end-trigger": "Effects at end of combat (511.2, 603.7a)",
    "unset-trigger": "Triggers the combat does not set off (603.6a, 603.8)",
    "combat-activated": "Activated abilities in combat, targets (602, 115, 702.11, 702.18, 702.21)",
    "shields": "Regeneration and damage prevention (701.19, 615)",
    "static": "Static abilities (604, 611.3, 613)",
    "mechanic": "Keyword mechanics (701, 702)",
}


@dataclass(frozen=True)
class LineForm:
    """One supported form of ability line.

    `kind` is the ASP constant of the parsed :class:`pysolver.model.abilities.Ability`; `value` the
    ASP term of a protection quality; `also` other wordings read as the same line.
    """

    group: str
    form: str
    kind: str
    rule: str
    example: str
    also: tuple[str, ...] = ()
    literal: bool = True
    value: str | None = None


def _keyword(form: str, kind: str, rule: str) -> LineForm:
    return LineForm("keyword", form, kind, rule, form)


def _quality(quality: str, value: str, rule: str, *also: str) -> LineForm:
    return LineForm("protection", f"Protection from {quality}", "protection", rule, f"Protection from {quality}",
                    tuple(f"Protection from {a}" for a in also), value=value)


CATALOGUE: tuple[LineForm, ...] = (
    _keyword("Flying", "flying", "702.9"),
    _keyword("Reach", "reach", "702.17"),
    _keyword("Trample", "trample", "702.19"),
    _keyword("Trample over planeswalkers", "trample_over_planeswalkers", "702.19c"),
    _keyword("Menace", "menace", "702.111"),
    _keyword("Deathtouch", "deathtouch", "702.2"),
    _keyword("First strike", "first_strike", "702.7"),
    _keyword("Double strike", "double_strike", "702.4"),
    _keyword("Vigilance", "vigilance", "702.20"),
    _keyword("Haste", "haste", "702.10"),
    _keyword("Defender", "defender", "702.3"),
    _keyword("Indestructible", "indestructible", "702.12"),
    _keyword("Lifelink", "lifelink", "702.15"),
    _keyword("Fear", "fear", "702.36"),
    _keyword("Intimidate", "intimidate", "702.13"),
    _keyword("Shadow", "shadow", "702.28"),
    _keyword("Horsemanship", "horsemanship", "702.31"),
    _keyword("Skulk", "skulk", "702.118"),
    # Keywords that change what damage does or what dies (helper keywords: 120.3b, 120.3d, 704.5c).
    _keyword("Wither", "wither", "702.80"),
    _keyword("Infect", "infect", "702.90"),
    LineForm("keyword", "Toxic N", "toxic", "702.164", "Toxic 2", literal=False),
    _keyword("Persist", "persist", "702.79"),
    _keyword("Undying", "undying", "702.93"),
    _keyword("Changeling", "changeling", "702.73"),
    _keyword("Unleash", "unleash", "702.98"),  # 702.98a: can't block as long as it has a +1/+1 counter on it
    # Keywords that stop targeting (pysolver.rules.activated): 702.11b, 702.18a.
    _keyword("Hexproof", "hexproof", "702.11"),
    _keyword("Shroud", "shroud", "702.18"),
    LineForm("keyword", "<land type>walk", "landwalk", "702.14", "Islandwalk", literal=False),
    LineForm("protection", "Protection from <color>", "protection", "702.16a", "Protection from white",
             literal=False),
    _quality("each color", "each_color", "702.16h", "all colors"),
    _quality("everything", "everything", "702.16j"),
    _quality("creatures", "creatures", "702.16a"),
    _quality("artifacts", "artifacts", "702.16a"),
    _quality("multicolored", "multicolored", "702.16a"),
    _quality("monocolored", "monocolored", "702.16a"),
    _quality("colorless", "colorless", "702.16a"),
    # 614.12, 105.1: "As ~ enters, choose a color": the permanent's chosen_color (docs/situation.md)
    LineForm("protection", "Protection from the chosen color", "protection", "614.12",
             "Protection from the chosen color", ("~ has protection from the chosen color",), literal=False),
    LineForm("protection", "Protection from <player>", "protection", "702.16k", "Protection from bob",
             literal=False),
    LineForm("protection", "Protection from <creature type>", "protection", "702.16a", "Protection from Goblins",
             literal=False),
    LineForm("protection", "Protection from Q and from Q …", "protection", "702.16g",
             "Protection from white and from blue", literal=False),
    LineForm("face-down", "Morph {cost}", "morph", "702.37a", "Morph {3}{R}{R}{R}", literal=False),
    LineForm("face-down", "Megamorph {cost}", "megamorph", "702.37b", "Megamorph {U}", literal=False),
    LineForm("face-down", "Disguise {cost}", "disguise", "702.168a", "Disguise {1}{W}", literal=False),
    LineForm("blocking", "~ can't block", "cant_block", "509.1b", "This creature can't block"),
    LineForm("blocking", "~ can't be blocked", "cant_be_blocked", "509.1b", "Can't be blocked"),
    LineForm("blocking", "~ can block an additional creature each combat", "block_additional", "509.1a",
             "This creature can block an additional creature each combat",
             ("~ can block an additional creature",)),
    LineForm("blocking", "~ can block any number of creatures each combat", "block_any_number", "509.1a",
             "Can block any number of creatures", ("~ can block any number of creatures",)),
    LineForm("blocking", "~ can block only creatures with flying", "block_only_flyers", "509.1b",
             "~ can block only creatures with flying"),
    LineForm("blocking", "~ can't be blocked except by N or more creatures", "min_blockers", "509.1b",
             "This creature can't be blocked except by three or more creatures", literal=False),
    # Restrictions over creature qualities (<creatures>: docs/abilities.md), on the creature itself
    # and as static effects of a permanent on the creatures they describe.
    LineForm("blocking", "~ can't be blocked by more than N creatures", "max_blockers", "509.1b",
             "This creature can't be blocked by more than one creature", literal=False),
    LineForm("blocking", "~ can't be blocked by <creatures>", "not_blocked_by", "509.1b",
             "This creature can't be blocked by red creatures", literal=False),
    LineForm("blocking", "<creatures> can't block ~", "not_blocked_by", "509.1b",
             "Creatures with power less than ~'s power can't block it", literal=False),
    LineForm("blocking", "~ can be blocked only by <creatures>", "blocked_only_by", "509.1b",
             "This creature can be blocked only by creatures with flying",
             ("~ can't be blocked except by black creatures", "~ can't be blocked by non-Wall creatures"),
             literal=False),
    LineForm("blocking", "<creatures> can't block", "creatures_cant_block", "509.1b",
             "Creatures your opponents control with toughness greater than their power can't block", literal=False),
    LineForm("blocking", "<creatures> can't be blocked", "creatures_cant_be_blocked", "509.1b",
             "Creatures with power or toughness 1 or less can't be blocked", literal=False),
    # <object>: as for the static abilities below, among the permanents of the attacker's defending player
    LineForm("blocking", "~ can't attack unless defending player controls a/an <object>", "attacks_only_if", "508.1c",
             "This creature can't attack unless defending player controls an Island", literal=False),
    LineForm("blocking", "~ can't be blocked as long as defending player controls a/an <object>", "unblockable_if",
             "509.1b", "This creature can't be blocked as long as defending player controls an artifact",
             literal=False),
    LineForm("blocking", "~ can't attack", "cant_attack", "508.1c", "This creature can't attack"),
    LineForm("blocking", "~ can't attack or block", "cant_attack_or_block", "508.1c",
             "This creature can't attack or block"),
    LineForm("blocking", "~ can't block creatures with <quality>", "cant_block_creatures", "509.1b",
             "This creature can't block creatures with power 2 or greater",
             ("~ can't block creatures with power greater than ~'s power",), literal=False),
    # <object>: as for the static abilities below, among its controller's permanents; the restriction
    # applies as long as the condition fails
    LineForm("blocking", "~ can't attack/block/attack or block unless you control a/an/another <object>",
             "grant_unless", "508.1c", "This creature can't block unless you control another Zombie",
             ("~ can't attack unless you control a Knight or a Soldier",
              "~ can't attack or block unless you control at least three other creatures"), literal=False),
    # 702.28b: the blocker may block creatures with shadow (without having shadow itself)
    LineForm("blocking", "~ can block creatures with shadow as though ~ had shadow", "blocks_shadow", "702.28b",
             "This creature can block creatures with shadow as though this creature had shadow"),
    LineForm("blocking", "~ can block creatures with shadow as though they didn't have shadow", "ignores_shadow",
             "702.28b", "This creature can block creatures with shadow as though they didn't have shadow"),
    # 506.5: no other creature is attacking (one removed from combat is not, 506.4)
    LineForm("blocking", "~ can't be blocked as long as it's attacking alone", "unblockable_alone", "509.1b",
             "This creature can't be blocked as long as it's attacking alone"),
    # poisoned: one or more poison counters (122.1f)
    LineForm("blocking", "~ can't attack unless defending player is poisoned", "attacks_only_if_poisoned", "508.1c",
             "This creature can't attack unless defending player is poisoned"),
    LineForm("blocking", "~ can't attack unless you control more creatures than defending player", "attacks_if_more",
             "508.1c", "This creature can't attack unless you control more creatures than defending player"),
    LineForm("blocking", "~ can't block unless you control more creatures than attacking player", "blocks_if_more",
             "509.1b", "This creature can't block unless you control more creatures than attacking player"),
    # the player who controls the permanent can't be attacked (its planeswalkers and battles can)
    LineForm("blocking", "Creatures can't attack you", "cant_attack_you", "508.1c", "Creatures can't attack you",
             literal=False),
    LineForm("blocking", "~ can't attack unless there are N or more cards in your graveyard", "grant_unless",
             "508.1c", "This creature can't attack unless there are seven or more cards in your graveyard",
             ("~ can't attack or block unless you have one or fewer cards in hand",), literal=False),
    # any player's permanent of that kind: the restriction applies while one is on the battlefield
    LineForm("blocking", "~ can't attack/block/attack or block if a/an <object> is on the battlefield", "grant_if",
             "508.1c", "This creature can't attack or block if an enchantment is on the battlefield", literal=False),
    LineForm("requirement", "All creatures able to block ~ do so", "lure", "509.1c",
             "All creatures able to block this creature do so"),
    LineForm("requirement", "~ must be blocked if able", "must_be_blocked", "509.1c",
             "This creature must be blocked if able", ("~ must be blocked each combat if able",)),
    LineForm("requirement", "~ blocks each combat if able", "blocks_each_combat", "509.1c",
             "This creature blocks each combat if able", ("~ blocks each turn if able",)),
    LineForm("requirement", "~ attacks each combat if able", "attacks_each_combat", "508.1d",
             "This creature attacks each combat if able", ("~ attacks each turn if able",)),
    # --- options of the damage assignment (helper assignment): a blocked attacker (509.1h: it stays blocked) may
    # assign all its combat damage as an unblocked creature does (510.1b) instead of as a blocked one (510.1c)
    LineForm("assignment", "You may have ~ assign its combat damage as though it weren't blocked", "as_unblocked",
             "510.1b", "You may have this creature assign its combat damage as though it weren't blocked"),
    # --- activated pumps (helper pumps): X, Y signed; the cost mana symbols only (602.1a)
    LineForm("activated", "{cost}: ~ gets +X/+Y until end of turn", "pump", "602.1",
             "{R}: ~ gets +1/+0 until end of turn",
             ("Exile two cards from your graveyard: ~ gets +1/+1 until end of turn",
              "{0}: ~ gets +1/-1 until end of turn"), literal=False),
    # 602.5, 205.2a: a condition read from the graveyard's card types (the players' `graveyard_types`)
    LineForm("activated", "{cost}: ~ gets +X/+Y until end of turn. Activate only if there are N or more card types "
             "among cards in your graveyard", "pump", "602.5",
             "{1}{B}: This creature gets +1/+1 until end of turn. Activate only if there are four or more card "
             "types among cards in your graveyard",
             ("Delirium — {1}{B}: ~ gets +1/+1 until end of turn. Activate this ability only if there are four or "
              "more card types among cards in your graveyard",), literal=False),
    LineForm("activated", "{cost}: Creatures you control get +X/+Y until end of turn", "team_pump", "602.1",
             "{1}{W}: Creatures you control get +1/+1 until end of turn", literal=False),
    # 602.5b: activation limits after a pump's effect, counted per ability per turn (`activations_this_turn`)
    LineForm("activated", "{cost}: ~ gets +X/+Y until end of turn. Activate this ability only once each turn", "pump",
             "602.5b", "{1}{G}: ~ gets +2/+2 until end of turn. Activate this ability only once each turn",
             ("{B}: ~ gets +1/+0 until end of turn. Activate this ability no more than twice each turn",
              "{G}{U}: ~ gets +2/+2 and gains flying until end of turn. Activate this ability only once each turn"),
             literal=False),
    # keywords given until end of turn (613.1f, layer 6; pysolver.model.abilities.GRANTABLE), read by their rules
    LineForm("activated", "{cost}: ~ gains <keyword> until end of turn", "pump", "613.1f",
             "{U}: ~ gains flying until end of turn",
             ("Discard a card: ~ gains shroud until end of turn and can't be blocked this turn",), literal=False),
    LineForm("activated", "{cost}: ~ gets +X/+Y and gains <keyword> until end of turn", "pump", "613.1f",
             "{8}: ~ gets +5/+5 and gains trample until end of turn", literal=False),
    LineForm("activated", "{cost}: Creatures you control gain <keyword> until end of turn", "team_pump", "613.1f",
             "{1}{W}: Creatures you control gain first strike until end of turn", literal=False),
    LineForm("activated", "{cost}: Creatures you control get +X/+Y and gain <keyword> until end of turn", "team_pump",
             "613.1f", "{2}{G}: Creatures you control get +1/+1 and gain trample until end of turn", literal=False),
    # other effects of an ability on its source (pysolver.rules.pumps)
    LineForm("activated", "{cost}: Put N +1/+1 counters on ~", "pump", "122.6", "{3}{G}: Put a +1/+1 counter on ~",
             ("{2}{B}, Discard a card: Put two +1/+1 counters on ~", "Sacrifice a creature: Put a +1/+1 counter on ~"),
             literal=False),
    LineForm("activated", "{cost}: ~ can't be blocked this turn", "pump", "509.1b",
             "{1}{U}: ~ can't be blocked this turn", literal=False),
    LineForm("activated", "{cost}: Return ~ to its owner's hand", "pump", "506.4", "{U}: Return ~ to its owner's hand",
             ("Discard a card: Return ~ to its owner's hand", "Pay 2 life: Return ~ to its owner's hand"),
             literal=False),
    LineForm("activated", "{cost}: Exile ~. Return it to the battlefield under its owner's control at the beginning "
             "of the next end step", "pump", "400.7", "{U}: Exile ~. Return it to the battlefield under its owner's "
             "control at the beginning of the next end step", literal=False),
    LineForm("activated", "{cost}: Untap ~", "pump", "701.26b", "{U}: Untap ~", literal=False),
    LineForm("activated", "{cost}: ~ gains <keyword> until end of turn [and doesn't untap during your next untap "
             "step]. Tap ~", "pump", "701.26a", "{U}: ~ gains shroud until end of turn. Tap ~",
             ("{U}: ~ gains shroud until end of turn and doesn't untap during your next untap step. "
              "Tap ~",),
             literal=False),
    # 702.3b: read as attackers are declared (508.1a), so only if activated before
    LineForm("activated", "{cost}: ~ can attack this turn as though it didn't have defender", "pump", "702.3b",
             "{W}: ~ can attack this turn as though it didn't have defender", literal=False),
    LineForm("activated", "{cost}: ~ gets +X/+Y until end of turn and can attack this turn as though it didn't have "
             "defender", "pump", "702.3b", "{3}: ~ gets +3/-1 until end of turn and can attack this turn as though it "
             "didn't have defender", literal=False),
    LineForm("activated", "{cost}: Creatures you control with defender can attack this turn as though they didn't "
             "have defender", "team_pump", "702.3b", "{1}{W}: Creatures you control with defender can attack this "
             "turn as though they didn't have defender", literal=False),
    LineForm("activated", "{cost}: ~ loses defender [and gains <keyword>] until end of turn", "pump", "613.1f",
             "Sacrifice three lands: ~ loses defender until end of turn",
             ("{3}: Until end of turn, ~ loses defender and gains flying",), literal=False),
    # 702.11b: hexproof only stops targeting by opponents' abilities (refused where something may target or read it)
    LineForm("activated", "{cost}: ~ loses hexproof [and gains <keywords>] until end of turn", "pump", "613.1f",
             "{3}{B}: ~ loses hexproof and gains first strike and deathtouch until end of turn",
             ("{3}{B}: Until end of turn, ~ loses hexproof and gains first strike and deathtouch",), literal=False),
    # 105.3, 613.1e (layer 5): the source's new colors replace all it had; 105.4: "the color of your choice"
    LineForm("activated", "{cost}: ~ becomes <colors> until end of turn", "pump", "105.3",
             "{2}: ~ becomes colorless until end of turn",
             ("{U}: ~ becomes blue until end of turn", "{G}: ~ becomes the color of your choice until end of turn"),
             literal=False),
    LineForm("activated", "{cost}: ~ gets +X/+Y and becomes the color of your choice until end of turn", "pump",
             "105.4", "Discard a card: ~ gets +1/+1 and becomes the color of your choice until end of turn",
             literal=False),
    # the costs other than mana (602.1a, 118; pysolver.model.abilities.parse_cost), in any pump or regeneration line
    LineForm("activated", "Pay N life: ~ gets +X/+Y until end of turn", "pump", "119.4",
             "{B}, Pay 1 life: ~ gets +1/+1 until end of turn",
             ("Pay 2 life: ~ gains flying until end of turn",), literal=False),
    LineForm("activated", "Pay {E}[{E}…]: ~ gets +X/+Y until end of turn", "pump", "107.14",
             "Pay {E}: ~ gets +1/+1 until end of turn",
             ("Pay {E}{E}: Put a +1/+1 counter on ~",), literal=False),
    LineForm("activated", "Discard a card: ~ gets +X/+Y until end of turn", "pump", "701.9",
             "{1}{R}, Discard a card: ~ gets +2/+0 until end of turn",
             ("Discard a card at random: ~ gets +1/+0 and gains first strike until end of turn",), literal=False),
    LineForm("activated", "Sacrifice <object>: ~ gets +X/+Y until end of turn", "pump", "701.21a",
             "Sacrifice an artifact: ~ gets +2/+2 until end of turn",
             ("Sacrifice another creature: ~ gains deathtouch until end of turn",
              "Sacrifice two lands: ~ gets +2/+2 until end of turn",
              "Sacrifice a Goblin: ~ gets +2/+2 until end of turn"),
             literal=False),
    LineForm("activated", "Tap an untapped <object> you control: ~ gets +X/+Y until end of turn", "pump", "701.26a",
             "Tap an untapped creature you control: ~ gets +1/+1 until end of turn",
             ("{B}, Tap another untapped creature you control: ~ gets +1/+1 until end of turn",
              "Tap three untapped Kithkin you control: ~ gets +2/+0 and gains flying until end of turn"),
             literal=False),
    # --- combat triggers (603.2): triggered by a declaration, resolved before the next one (pysolver.rules.triggers)
    LineForm("trigger", "Exalted", "exalted", "702.83", "Exalted"),
    LineForm("trigger", "Battle cry", "battle_cry", "702.91", "Battle cry"),
    LineForm("trigger", "Melee", "melee", "702.121", "Melee"),
    LineForm("trigger", "Dethrone", "dethrone", "702.105", "Dethrone"),
    LineForm("trigger", "Whenever ~ attacks, it gets +X/+Y until end of turn", "attacks_pump", "508.3a",
             "Whenever this creature attacks, it gets +1/+0 until end of turn", literal=False),
    LineForm("trigger", "Whenever ~ attacks, defending player loses N life", "attacks_loss", "508.3a",
             "Whenever this creature attacks, defending player loses 2 life", literal=False),
    # 702.103b, 303.4d: a bestow card's, as a creature, which enchants nothing (as an Aura, attached, it is refused)
    LineForm("trigger", "Whenever ~ or enchanted creature attacks, defending player loses N life", "attacks_loss",
             "702.103b", "Whenever this creature or enchanted creature attacks, defending player loses 2 life",
             literal=False),
    LineForm("trigger", "Whenever ~ attacks, each opponent loses N life", "attacks_opponents_loss", "508.3a",
             "Whenever this creature attacks, each opponent loses 1 life", literal=False),
    # 207.2c battalion (an ability word), 508.3a: counted as the attackers are declared
    LineForm("trigger", "Battalion — Whenever ~ and at least two other creatures attack, ~ gets +X/+Y until end of "
             "turn", "battalion_pump", "508.3a", "Battalion — Whenever this creature and at least two other creatures "
             "attack, this creature gets +2/+2 until end of turn",
             ("Whenever ~ and at least two other creatures attack, it gets +2/+0 until end of turn",), literal=False),
    LineForm("trigger", "Whenever ~ attacks, it gets +X/+Y until end of turn for each other attacking creature",
             "attacks_pump_each", "508.3a", "Whenever this creature attacks, it gets +1/+0 until end of turn for each "
             "other attacking creature", literal=False),
    LineForm("trigger", "Whenever ~ attacks, it gets +X/+Y until end of turn for each other attacking <creature type>",
             "attacks_pump_each_type", "508.3a", "Whenever this creature attacks, it gets +1/+1 until end of turn for "
             "each other attacking Ally", literal=False),
    LineForm("trigger", "Whenever a <creature type> you control attacks, defending player loses N life",
             "type_attacks_loss", "603.2c", "Whenever a Sliver you control attacks, defending player loses 1 life",
             literal=False),
    LineForm("trigger", "Whenever a <creature type> you control attacks, creatures defending player controls get "
             "-N/-N until end of turn", "type_attacks_shrink", "603.2c", "Whenever a Dragon you control attacks, "
             "creatures defending player controls get -1/-1 until end of turn", literal=False),
    LineForm("trigger", "Bushido N", "bushido", "702.45", "Bushido 2", literal=False),
    LineForm("trigger", "Rampage N", "rampage", "702.23", "Rampage 1", literal=False),
    LineForm("trigger", "Whenever ~ blocks, it gets +X/+Y until end of turn", "blocks_pump", "509.3a",
             "Whenever this creature blocks, it gets +0/+2 until end of turn", literal=False),
    LineForm("trigger", "Whenever ~ becomes blocked, it gets +X/+Y until end of turn", "blocked_pump", "509.3c",
             "Whenever this creature becomes blocked, it gets +2/+2 until end of turn", literal=False),
    LineForm("trigger", "Whenever ~ blocks or becomes blocked, it gets +X/+Y until end of turn",
             "blocks_or_blocked_pump", "509.3a",
             "Whenever ~ blocks or becomes blocked, it gets +1/+1 until end of turn", literal=False),
    LineForm("trigger", "Whenever ~ becomes blocked by a creature, ~ gets +X/+Y until end of turn", "blocked_by_pump",
             "509.3d", "Whenever this creature becomes blocked by a creature, this creature gets +1/+1 until end of "
             "turn", literal=False),
    LineForm("trigger", "Whenever ~ becomes blocked by a creature, destroy that creature", "blocked_destroy", "509.3d",
             "Whenever this creature becomes blocked by a creature, destroy that creature", literal=False),
    LineForm("trigger", "Whenever ~ blocks a creature with flying, ~ gets +X/+Y until end of turn", "blocks_flyer_pump",
             "509.3b", "Whenever this creature blocks a creature with flying, this creature gets +2/+0 until end of "
             "turn", literal=False),
    # the effect grammar (pysolver.model.abilities.OnCombat): <creatures> "[all | each] [other] [attacking] <quality>
    # creatures [you control]"; <effect> +X/+Y (Y >= 0) or keywords until end of turn, +1/+1 counters, "you gain N
    # life", "tap that creature"; "When(ever) ~ attacks or blocks, <effect>" is both an attack and a block trigger
    LineForm("trigger", "Whenever ~ attacks, <creatures> get +X/+Y [and gain <keywords>] until end of turn",
             "on_attack", "508.3a",
             "Whenever this creature attacks, other attacking creatures get +1/+0 until end of turn",
             ("Whenever ~ attacks, each other creature you control gets +1/+0 until end of turn",
              "Whenever ~ attacks, Goblin creatures you control get +1/+1 until end of turn",
              "Whenever ~ attacks, all attacking creatures with flanking get +1/+1 until end of turn"), literal=False),
    LineForm("trigger", "Whenever ~ attacks, <creatures> gain <keywords> until end of turn", "on_attack", "613.1f",
             "Whenever this creature attacks, creatures you control gain first strike and deathtouch until end of turn",
             ("Whenever ~ attacks, each other attacking creature gains fear until end of turn",), literal=False),
    LineForm("trigger", "Whenever ~ attacks, put N +1/+1 counters on ~ or on each <creature>", "on_attack", "122.1a",
             "Whenever this creature attacks, put a +1/+1 counter on each attacking creature",
             ("Whenever ~ attacks, put a +1/+1 counter on each Vampire you control",
              "Whenever ~ attacks, put two +1/+1 counters on it"), literal=False),
    LineForm("trigger", "Whenever ~ attacks, you gain N life", "on_attack", "119.3",
             "Whenever this creature attacks, you gain 2 life", literal=False),
    # 111.1, 508.4: tokens, "tapped and attacking" or not (rules.tokens); on the stack beside a battle cry (603.3b)
    LineForm("trigger", "Whenever ~ attacks, create <tokens>", "on_attack", "508.4",
             "Whenever this creature attacks, create two 1/1 white Soldier creature tokens that are tapped and "
             "attacking", ("Whenever ~ enters or attacks, create two 2/2 black Zombie creature tokens",
                           "Whenever ~ attacks, create a 2/2 green Cat Warrior creature token with forestwalk"),
             literal=False),
    LineForm("trigger", "Whenever ~ attacks alone, ~ can't be blocked this combat", "on_attack", "506.5",
             "Whenever this creature attacks alone, it can't be blocked this combat", literal=False),
    # two groups pumped by one ability, each fixed as it resolves (611.2c); battalion with any effect (207.2c);
    # an intervening "if" (603.4): "you control a <creature type>", "defending player is poisoned", "it's renowned",
    # "creatures you control have total power N or greater", "you control no untapped lands" (110.5)
    LineForm("trigger", "Whenever ~ attacks, <creatures> get +X/+Y and <creatures> get +X/+Y until end of turn",
             "on_attack", "611.2c", "Whenever this creature attacks, attacking red creatures get +2/+0 and attacking "
             "white creatures get +0/+2 until end of turn", literal=False),
    LineForm("trigger", "Battalion — Whenever ~ and at least two other creatures attack, <effect>", "on_attack",
             "207.2c", "Battalion — Whenever this creature and at least two other creatures attack, creatures you "
             "control gain indestructible until end of turn", literal=False),
    LineForm("trigger", "Whenever ~ attacks, creatures with <quality> can't block this turn", "on_attack", "509.1b",
             "Whenever this creature attacks, creatures with power 1 or less can't block this turn",
             ("Whenever ~ attacks, creatures with defender can't block this turn",), literal=False),
    LineForm("trigger", "Whenever ~ attacks, untap each other creature you control", "on_attack", "701.26b",
             "Whenever this creature attacks, untap each other creature you control", literal=False),
    LineForm("trigger", "Whenever ~ attacks, [you may] return target creature [defending player controls] [with "
             "<quality>] to its owner's hand", "on_target", "400.7", "Whenever this creature attacks, you may return "
             "target creature defending player controls with toughness 2 or less to its owner's hand",
             ("Whenever ~ attacks, you may return target creature to its owner's hand if its power is less than ~'s "
              "power",), literal=False),
    LineForm("trigger", "Whenever ~ attacks, it deals damage to <target> equal to the number of +1/+1 counters on ~",
             "on_target", "608.2h", "Whenever this creature attacks, it deals damage to any target equal to the number "
             "of +1/+1 counters on this creature", literal=False),
    LineForm("trigger", "Whenever ~ attacks, you gain N life for each <creature type> you control", "on_attack",
             "119.3", "Whenever this creature attacks, you gain 1 life for each Elf you control", literal=False),
    LineForm("trigger", "Whenever ~ attacks, <creatures> get +X/+X until end of turn, where X is ~'s power",
             "on_attack", "608.2h", "Whenever this creature attacks, each other creature you control gets +X/+X until "
             "end of turn, where X is this creature's power", literal=False),
    LineForm("trigger", "Whenever ~ attacks, it gets +X/+0 until end of turn, where X is the number of lands "
             "defending player controls", "on_attack", "506.2", "Whenever this creature attacks, it gets +X/+0 until "
             "end of turn, where X is the number of lands defending player controls", literal=False),
    LineForm("trigger", "Whenever ~ attacks, remove a -1/-1 counter from it. If you do, you gain N life", "on_attack",
             "608.2c", "Whenever this creature attacks, remove a -1/-1 counter from it. If you do, you gain 1 life",
             literal=False),
    LineForm("trigger", "Whenever ~ attacks, if <condition>, <effect>", "on_attack", "603.4",
             "Whenever this creature attacks, if you control a Dinosaur, it gets +1/+1 until end of turn",
             ("Whenever ~ attacks, if defending player is poisoned, it gets +1/+1 until end of turn",
              "Whenever ~ attacks, if it's renowned, other attacking creatures you control get +1/+1 until end of "
              "turn", "Formidable — Whenever ~ attacks, if creatures you control have total power 8 or greater, "
              "creatures you control gain trample until end of turn",
              "Whenever ~ attacks, if you control no untapped lands, it gets +3/+0 until end of turn"), literal=False),
    LineForm("trigger", "Whenever ~ blocks, <effect>", "on_block", "509.3a",
             "Whenever this creature blocks, it gets +1/+0 and gains first strike until end of turn",
             ("Whenever ~ blocks or becomes blocked, it gets -2/+2 until end of turn",
              "Whenever ~ becomes blocked, attacking creatures you control get +1/+1 until end of turn",
              "Whenever ~ blocks, you gain 2 life",
              "Whenever ~ becomes blocked, prevent all combat damage that would be dealt this turn"), literal=False),
    LineForm("trigger", "Whenever ~ blocks or becomes blocked by a <creature>, <effect>", "on_block", "509.3d",
             "Whenever this creature blocks or becomes blocked by a white creature, it gains first strike until end of "
             "turn", ("Whenever ~ becomes blocked by a nonblack creature, it gets +1/+1 until end of turn",
                      "Whenever ~ becomes blocked by an artifact creature, destroy that creature",
                      "Whenever ~ blocks or becomes blocked by one or more black creatures, ~ gets +2/+0 until end of "
                      "turn"), literal=False),
    LineForm("trigger", "Whenever ~ blocks or becomes blocked by a <creature>, that creature becomes <color>",
             "on_block", "105.3", "Whenever this creature blocks or becomes blocked by a creature, that creature "
             "becomes green", literal=False),
    LineForm("trigger", "Whenever ~ blocks a <creature>, <effect>", "on_block", "509.3b",
             "Whenever this creature blocks a creature, tap that creature", literal=False),
    LineForm("trigger", "Whenever ~ attacks and isn't blocked, defending player gets N poison counters", "on_block",
             "509.3g", "Whenever this creature attacks and isn't blocked, defending player gets a poison counter",
             ("Whenever ~ attacks and isn't blocked, it gets +2/+0 until end of turn",), literal=False),
    # 510.1a, 611.2a: a creature that assigns no combat damage this turn (its `assigns_no_combat_damage`); with the
    # life loss on the stack as poison counters are (119.3, 704.5a); "you may draw a card" put on the stack by its
    # controller, chosen as it is put (603.5; 121.1: the card drawn acts in no combat)
    LineForm("trigger", "Whenever ~ attacks and isn't blocked, it assigns no combat damage this turn and defending "
             "player loses N life", "on_block", "510.1a", "Whenever this creature attacks and isn't blocked, it "
             "assigns no combat damage this turn and defending player loses 2 life", literal=False),
    LineForm("trigger", "Whenever ~ <attacks and isn't blocked / blocks / becomes blocked>, you may draw a card. If "
             "you do, ~ assigns no combat damage this turn", "on_block", "603.5", "Whenever this creature attacks "
             "and isn't blocked, you may draw a card. If you do, this creature assigns no combat damage this turn",
             literal=False),
    # 603.3d, 608.2h, 118.12: put on the stack by its controller with a legal target or none (603.5); as it resolves
    # its power as it is or last existed, and "if you do" the choice made
    LineForm("trigger", "Whenever ~ <becomes blocked / blocks / attacks and isn't blocked>, you may have it deal "
             "damage equal to its power to target creature. If you do, ~ assigns no combat damage this turn",
             "on_block", "118.12", "Whenever this creature becomes blocked, you may have it deal damage equal to its "
             "power to target creature. If you do, this creature assigns no combat damage this turn", literal=False),
    LineForm("trigger", "Whenever ~ <attacks and isn't blocked / blocks / becomes blocked>, you may have it deal N "
             "damage to target creature. If you do, prevent all combat damage ~ would deal this turn", "on_block",
             "615.1a", "Whenever this creature attacks and isn't blocked, you may have it deal 1 damage to target "
             "creature. If you do, prevent all combat damage this creature would deal this turn", literal=False),
    # 508.3a, 603.3d: an attack trigger with one target, chosen by the active player as it is put on the stack
    # (pysolver.model.abilities.ON_TARGET); "you may [have]" (603.5): no target chosen does nothing
    LineForm("trigger", "Whenever ~ attacks, [you may have] target creature [defending player controls / an opponent "
             "controls / you control] <effect>", "on_target", "603.3d",
             "Whenever this creature attacks, target creature can't block this turn",
             ("Whenever ~ attacks, tap target creature defending player controls",
              "Whenever ~ attacks, untap target creature you control",
              "Whenever ~ attacks, target creature gets +0/+3 until end of turn",
              "Whenever ~ attacks, you may have target creature gain flying until end of turn",
              "Whenever ~ attacks, you may pay {W}. If you do, tap target creature an opponent controls",
              "Whenever ~ attacks, you may put a +1/+1 counter on it"),
             literal=False),
    # 701.26b: once attackers are declared an untapped creature of the attacking player is read by nothing the loader
    # admits (no {T} or "tap an untapped" cost, no tapped-reading ability beside it)
    # 701.26b: its block half untaps once blockers are declared, which nothing the loader admits reads
    # 702.134a mentor: a +1/+1 counter on target attacking creature with lesser power (115.1, 608.2b)
    LineForm("trigger", "Mentor", "on_target", "702.134a", "Mentor", literal=False),
    LineForm("trigger", "Whenever ~ attacks or blocks, untap target permanent", "on_target", "701.26b",
             "Whenever this creature attacks or blocks, untap target permanent", literal=False),
    LineForm("trigger", "Whenever ~ attacks, [you may have] it deal[s] N damage to <a target>", "on_target", "120.3",
             "Whenever this creature attacks, it deals 1 damage to target creature or player",
             ("Whenever ~ attacks, you may have it deal 2 damage to target creature an opponent controls",),
             literal=False),
    # 506.2, 115.1: no target; put on the stack by the active player, its source named (603.3a, 603.5)
    LineForm("trigger", "Whenever ~ attacks, [you may have] it deal[s] N damage to each creature [without flying] "
             "defending player controls", "on_target", "506.2", "Whenever this creature attacks, you may have it deal "
             "1 damage to each creature without flying defending player controls",
             ("Whenever ~ attacks, it deals 1 damage to each creature defending player controls",), literal=False),
    # 701.43d, 508.1g, 607.2h: exerting is an optional cost to attack; its linked "when you do" ability is put on
    # the stack with the choice to exert (pysolver.model.abilities._exert)
    LineForm("trigger", "You may exert ~ as it attacks. When you do, <effect>", "on_target", "701.43d",
             "You may exert this creature as it attacks. When you do, it gets +2/+2 until end of turn",
             ("You may exert ~ as it attacks. When you do, it gets +1/+0 and gains first strike until end of turn",
              "You may exert ~ as it attacks. When you do, creatures you control get +1/+1 until end of turn",
              "You may exert ~ as it attacks. When you do, target creature can't block this turn",
              "You may exert ~ as it attacks. When you do, untap all other creatures you control",
              "You may exert ~ as it attacks. When you do, it gets +1/+1 until end of turn and can't be blocked by "
              "creatures with power 2 or less this turn"),
             literal=False),
    # 603.2, 701.26a, 508.1f: "becomes tapped" as its source attacks without vigilance (702.20b), put on the stack
    # with the attack triggers (pysolver.model.abilities._becomes_tapped); tapped otherwise: refused (the loader)
    LineForm("trigger", "Whenever ~ becomes tapped, <effect>", "on_target", "701.26a",
             "Whenever this creature becomes tapped, target creature can't block this turn",
             ("Whenever ~ becomes tapped, you may put a +1/+1 counter on it",), literal=False),
    # 603.5, 608.2h, 611.2c: the choice made as it is put on the stack (its source named), X and the attacking
    # creatures as it resolves; refused beside another combat trigger (603.3b, pysolver.files.loader)
    LineForm("trigger", "Whenever ~ attacks, you may have <creatures> get +X/+X until end of turn, where X is ~'s "
             "power", "on_target", "608.2h", "Whenever this creature attacks, you may have other attacking creatures "
             "get +X/+X until end of turn, where X is this creature's power", literal=False),
    # 107.14, 603.5: energy paid as it resolves (the player's `energy`), the choice made as it is put on the stack
    LineForm("trigger", "Whenever ~ attacks, you may pay {E}[{E}…]. If you do, <effect>", "on_target", "107.14",
             "Whenever this creature attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it",
             ("Whenever ~ attacks, you may pay {E}. If you do, it gets +2/+0 until end of turn",
              "Whenever ~ attacks, you may pay {E}. If you do, target creature can't block this turn",
              "Whenever ~ attacks, you may pay {E}{E}. If you do, create a 1/1 colorless Servo artifact creature "
              "token"),
             literal=False),
    # 509.2a, 603.3b: block triggers their controllers put on the stack, APNAP (pysolver.model.abilities.PUT_EFFECTS)
    LineForm("trigger", "Whenever ~ blocks or becomes blocked by a <creature>, ~ deals N damage to that creature",
             "on_block", "603.3b", "Whenever this creature blocks or becomes blocked by a creature, this creature "
             "deals 1 damage to that creature",
             ("Whenever ~ becomes blocked by a creature, ~ deals 2 damage to that creature",), literal=False),
    # 120.3, 115.1: damage to more than one object, no target (pysolver.model.abilities._damage_each)
    LineForm("trigger", "Whenever ~ <blocks / becomes blocked / blocks or becomes blocked>, it deals N damage to each "
             "attacking creature and each blocking creature", "on_block", "506.4", "Whenever this creature becomes "
             "blocked, it deals 2 damage to each attacking creature and each blocking creature", literal=False),
    LineForm("trigger", "Whenever ~ blocks or becomes blocked by a <creature>, ~ deals N damage to that creature and N "
             "damage to that creature's controller", "on_block", "120.3", "Whenever this creature blocks or becomes "
             "blocked by a creature, this creature deals 3 damage to that creature and 3 damage to that creature's "
             "controller", literal=False),
    LineForm("trigger", "Whenever ~ becomes blocked, [you may] untap ~ and remove it from combat", "on_block", "506.4",
             "Whenever this creature becomes blocked, you may untap it and remove it from combat", literal=False),
    LineForm("trigger", "When ~ <blocks / becomes blocked>, return it to its owner's hand", "on_block", "400.3",
             "When this creature blocks, return it to its owner's hand",
             ("When ~ becomes blocked, return it to its owner's hand",), literal=False),
    LineForm("trigger", "Whenever ~ <blocks / becomes blocked / blocks or becomes blocked>, it gets +X/-Y until end "
             "of turn", "on_block", "613.4c", "Whenever this creature blocks or becomes blocked, it gets +2/-2 until "
             "end of turn", literal=False),
    LineForm("trigger", "Whenever ~ <blocks / becomes blocked / blocks or becomes blocked>, you may gain N life",
             "on_block", "603.5", "Whenever this creature blocks, you may gain 4 life", literal=False),
    LineForm("trigger", "Whenever a creature you control [with <keyword>] blocks, you [may] gain N life", "on_block",
             "509.3a", "Whenever a creature you control with defender blocks, you may gain 2 life",
             ("Whenever a creature you control blocks, you gain 1 life",), literal=False),
    LineForm("trigger", "Whenever a creature you control becomes blocked, it gets +X/+Y until end of turn", "on_block",
             "509.3c", "Whenever a creature you control becomes blocked, it gets +1/+1 until end of turn",
             literal=False),
    LineForm("trigger", "Whenever a creature you control becomes blocked, you may untap that creature and remove it "
             "from combat", "on_block", "506.4", "Whenever a creature you control becomes blocked, you may untap that "
             "creature and remove it from combat", literal=False),
    LineForm("trigger", "Flanking", "flanking", "702.25", "Flanking"),
    LineForm("trigger", "Afflict N", "afflict", "702.130", "Afflict 2", literal=False),
    # 702.39a: an attack trigger put on the stack with a target (603.3d), resolved into a requirement (509.1c)
    LineForm("trigger", "Provoke", "provoke", "702.39", "Provoke"),
    # --- death triggers (700.4, 603.6c, 603.10a): they look back; put on the stack with a target (603.3d)
    LineForm("trigger", "When ~ dies, it deals N damage to any target", "dies_damage", "603.10a",
             "When this creature dies, it deals 2 damage to any target",
             ("Whenever ~ dies, it deals 3 damage to any target",), literal=False),
    LineForm("trigger", "When ~ dies, it deals N damage to each opponent", "dies_each_opponent", "603.10a",
             "When this creature dies, it deals 1 damage to each opponent",
             ("Whenever ~ dies, it deals two damage to each opponent",), literal=False),
    # <target>: target creature or player, target creature [an opponent controls | you control], target player,
    # target opponent, target player or planeswalker (115.4), or no target: you, each player (115.10b, 102.2);
    # "you may have it deal" (603.5); the event also "leaves the battlefield", "enters or dies" (603.6c)
    LineForm("trigger", "When ~ dies, it deals N damage to <target>", "dies_damage", "603.10a",
             "When this creature dies, it deals 2 damage to target creature or player",
             ("When ~ leaves the battlefield, it deals 6 damage to target creature",
              "When ~ dies, it deals 2 damage to you", "When ~ dies, you may have it deal 1 damage to target opponent"),
             literal=False),
    LineForm("trigger", "When ~ dies, target creature gets -N/-N until end of turn", "dies_minus", "603.10a",
             "When this creature dies, target creature gets -2/-2 until end of turn",
             ("When ~ dies, target creature an opponent controls gets -1/-1 until end of turn",
              "When ~ dies, you may have target creature get -2/-2 until end of turn"), literal=False),
    LineForm("trigger", "When ~ dies, put N +1/+1 counters on target creature", "dies_counters", "603.10a",
             "When this creature dies, put a +1/+1 counter on target creature you control",
             ("When ~ enters or dies, put a +1/+1 counter on target creature",
              "When you cycle ~ or it dies, you may put a +1/+1 counter on target creature"), literal=False),
    # 702.43a modular: the death trigger puts the +1/+1 counters it had as it last existed (608.2h); "enters with N
    # +1/+1 counters" has acted (603.6a: the file states its counters)
    LineForm("trigger", "Modular N", "dies_counters", "702.43a", "Modular 2", literal=False),
    LineForm("trigger", "When ~ dies, put N -1/-1 counters on target creature", "dies_minus_counters", "603.10a",
             "When this creature dies, you may put a -1/-1 counter on target creature", literal=False),
    LineForm("trigger", "When ~ dies, each player loses N life", "dies_all_loss", "603.10a",
             "When this creature dies, each player loses 3 life", literal=False),
    LineForm("trigger", "When ~ dies, target player loses N life", "dies_target_loss", "603.10a",
             "When this creature dies, target opponent loses 2 life",
             ("When ~ dies, target player loses life equal to its power",), literal=False),
    LineForm("trigger", "When ~ dies, if you have no cards in hand, target creature gets -N/-N until end of turn",
             "dies_minus", "603.4", "When this creature dies, if you have no cards in hand, target creature gets -3/-3 "
             "until end of turn", literal=False),
    LineForm("trigger", "When ~ dies, destroy all nonland permanents. They can't be regenerated", "dies_destroy_all",
             "701.8a", "When this creature dies, destroy all nonland permanents. They can't be regenerated",
             literal=False),
    # 608.2h, 603.10a: a number read from the creature as it last existed
    LineForm("trigger", "When ~ dies, put X +1/+1 counters on target creature, where X is the number of +1/+1 "
             "counters on ~", "dies_counters", "608.2h",
             "When this creature dies, put X +1/+1 counters on target creature you control, where X is the number "
             "of +1/+1 counters on this creature", literal=False),
    LineForm("trigger", "When ~ dies, put a -1/-1 counter on target creature for each -1/-1 counter on ~",
             "dies_minus_counters", "608.2h", "When this creature dies, you may put a -1/-1 counter on target "
             "creature for each -1/-1 counter on this creature", literal=False),
    LineForm("trigger", "When ~ dies, each opponent loses N life", "dies_loss", "603.10a",
             "When this creature dies, each opponent loses 2 life", ("Whenever ~ dies, each opponent loses 1 life",),
             literal=False),
    LineForm("trigger", "When ~ dies, you gain N life", "dies_gain", "603.10a",
             "When this creature dies, you gain 3 life", ("Whenever ~ dies, you gain two life",), literal=False),
    # 111.1-111.4: the tokens' characteristics as the line gives them (docs/abilities.md "Creature tokens")
    LineForm("trigger", "When ~ dies, create <tokens>", "dies_create", "111.1",
             "When this creature dies, create a 2/2 black Zombie creature token",
             ("When ~ leaves the battlefield, create a 3/3 green Beast creature token",
              "When ~ dies, create two 1/1 white Spirit creature tokens with flying",
              "When ~ dies, create a 2/2 red Dragon creature token with flying and \"{R}: This creature gets +1/+0 "
              "until end of turn.\"",
              "When ~ dies, create a legendary 5/5 colorless Goblin Golem artifact creature token named Tuktuk the "
              "Returned"), literal=False),
    LineForm("trigger", "When ~ dies, create X <tokens>, where X is ~'s power", "dies_create", "608.2h",
             "When this creature dies, create X 1/1 white Vampire creature tokens with lifelink, where X is this "
             "creature's power",
             ("When ~ dies, create a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter "
              "on ~",), literal=False),
    # 701.23a, 110.5b: a tapped basic land, which does nothing on a board the loader admits (pysolver.model.lands)
    LineForm("trigger", "When ~ dies, [you may] search your library for a basic land card, put it onto the "
             "battlefield tapped, then shuffle", "land_search", "701.23a", "When this creature dies, you may search "
             "your library for a basic land card, put it onto the battlefield tapped, then shuffle",
             ("Whenever ~ is dealt damage, you may search your library for a basic land card, put it onto the "
              "battlefield tapped, then shuffle",
              "Whenever ~ deals combat damage to a player, you may search your library for a basic land card and put "
              "that card onto the battlefield tapped. If you do, shuffle your library"), literal=False),
    # 406.2, 701.16a, 111.10a: what nothing on a board the loader admits reads (pysolver.model.unread)
    LineForm("trigger", "When ~ dies, [you may] exile target card from a graveyard", "graveyard_exile", "406.2",
             "When this creature dies, exile target card from an opponent's graveyard",
             ("When you cycle ~ or it dies, you may exile target card from a graveyard",
              "When ~ dies, exile ~, then return another target creature card from your graveyard to your hand"),
             literal=False),
    LineForm("trigger", "When ~ dies, investigate", "investigate", "701.16a", "When this creature dies, investigate",
             literal=False),
    LineForm("trigger", "When ~ dies, create a colorless Treasure artifact token with \"{T}, Sacrifice this artifact: "
             "Add one mana of any color.\"", "treasure", "111.10a", "When this creature dies, create a colorless "
             "Treasure artifact token with \"{T}, Sacrifice this artifact: Add one mana of any color.\"",
             literal=False),
    LineForm("trigger", "When ~ dies, destroy target land", "land_destroy", "701.8a",
             "When this creature dies, destroy target land", ("When ~ dies, each player sacrifices a land",),
             literal=False),
    LineForm("trigger", "When ~ dies, destroy target noncreature permanent", "noncreature_destroy", "701.8a",
             "When this creature dies, destroy target noncreature permanent", literal=False),
    # 406.6, 607.2a, 603.6c: the cards exiled with it (its `exiled_cards`) come back (docs/abilities.md "Exiled cards")
    LineForm("trigger", "When ~ leaves the battlefield, return the exiled card to the battlefield under its owner's "
             "control", "dies_return_exiled", "607.2a", "When this creature leaves the battlefield, return the exiled "
             "card to the battlefield under its owner's control",
             ("When ~ leaves the battlefield, return the exiled cards to the battlefield under their owners' control",
              "When ~ leaves the battlefield, return all cards exiled with it to the battlefield under their owners' "
              "control"), literal=False),
    LineForm("trigger", "Champion a <creatures>", "dies_return_exiled", "702.72a", "Champion a creature",
             ("Champion an Elf", "Champion a Goblin or Shaman"), literal=False),
    LineForm("trigger", "When ~ leaves the battlefield, return the exiled cards to their owner's hand",
             "dies_return_exiled_to_hand", "400.7", "When this creature leaves the battlefield, return the exiled "
             "cards to their owner's hand",
             ("When ~ leaves the battlefield, return the exiled card to its owner's hand",), literal=False),
    # 603.6c, 603.10a: leaves-the-battlefield abilities of a creature watching others die, which look back too
    LineForm("trigger", "Whenever another creature dies, put N +1/+1 counters on ~", "other_dies_counter", "603.10a",
             "Whenever another creature dies, put a +1/+1 counter on this creature",
             ("Whenever another creature you control dies, put a +1/+1 counter on ~",
              "Whenever a creature you control dies, put two +1/+1 counters on ~"), literal=False),
    LineForm("trigger", "Whenever another creature dies, each opponent loses N life", "other_dies_loss", "603.10a",
             "Whenever another creature dies, each opponent loses 1 life",
             ("Whenever another creature you control dies, each opponent loses 1 life",
              "Whenever a creature you control dies, each opponent loses 1 life"), literal=False),
    # 122.1, 608.2h: the counters of a name it had as it last existed
    LineForm("trigger", "When ~ leaves the battlefield, you gain life equal to the number of <name> counters on it",
             "dies_gain", "122.1",
             "When this creature leaves the battlefield, you gain life equal to the number of age counters on it",
             literal=False),
    LineForm("trigger", "Whenever another creature dies, you gain N life", "other_dies_gain", "603.10a",
             "Whenever another creature dies, you gain 1 life",
             ("Whenever another creature you control dies, you gain 1 life",
              "Whenever a creature you control dies, you gain 2 life"), literal=False),
    # <creatures> also: "a creature", "[~ or] another creature [you control]", "a creature an opponent controls",
    # "[another] <creature type> [you control]"; "dies" also "leaves the battlefield", "is put into a graveyard
    # from the battlefield" (603.6c); "you may put" (603.5)
    LineForm("trigger", "Whenever <creatures> die, put N +1/+1 counters on ~", "other_dies_counter", "603.10a",
             "Whenever a creature an opponent controls dies, put a +1/+1 counter on this creature",
             ("Whenever a Samurai you control dies, you may put a +1/+1 counter on ~",
              "Whenever another creature you control leaves the battlefield, put a +1/+1 counter on ~",
              "Whenever a creature token leaves the battlefield, put a +1/+1 counter on ~"), literal=False),
    LineForm("trigger", "Whenever <creatures> die, each opponent loses N life", "other_dies_loss", "603.10a",
             "Whenever this creature or another creature you control leaves the battlefield, each opponent loses 1 "
             "life", literal=False),
    LineForm("trigger", "Whenever <creatures> die, untap ~", "other_dies_untap", "603.10a",
             "Whenever another creature dies, untap this creature", ("Whenever a creature dies, untap ~",),
             literal=False),
    LineForm("trigger", "Whenever <creatures> die, tap ~", "other_dies_tap", "603.10a",
             "Whenever another creature dies, tap this creature", literal=False),
    LineForm("trigger", "Whenever <creatures> die, ~ deals N damage to <target>", "other_dies_damage", "603.10a",
             "Whenever another creature dies, this creature deals 2 damage to target player",
             ("Whenever another creature dies, you may have ~ deal 1 damage to target player",), literal=False),
    LineForm("trigger", "Whenever <creatures> die, target player loses N life and you gain N life", "other_dies_drain",
             "603.10a", "Whenever this creature or another creature dies, target player loses 1 life and you gain 1 "
             "life", literal=False),
    LineForm("trigger", "Whenever <creatures> die, target opponent loses N life", "other_dies_target_loss", "603.10a",
             "Whenever another Zombie you control dies, target opponent loses 1 life",
             ("Whenever another creature dies, target player loses 1 life",), literal=False),
    LineForm("trigger", "Whenever <creatures> die, ~ gets +X/+Y [and gains <keywords>] until end of turn",
             "other_dies_pump", "613.4c", "Whenever a creature an opponent controls dies, this creature gets +2/+0 and "
             "gains first strike and haste until end of turn", literal=False),
    LineForm("trigger", "Whenever <creatures> die, create <tokens>", "other_dies_create", "111.1",
             "Whenever this creature or another Cleric dies, create a 2/2 black Zombie creature token", literal=False),
    LineForm("trigger", "Whenever <creatures> die, each opponent loses N life and you gain N life",
             "other_dies_drain_each", "603.10a", "Whenever a creature you control with toughness 4 or greater dies, "
             "each opponent loses 2 life and you gain 2 life", literal=False),
    # --- combat-damage triggers (510.3a, 603.2c): trigger as combat damage is dealt, put on the stack after
    # the step's state-based actions (pysolver.rules.hits); N written as a number or a word, "a" for one
    LineForm("damage-trigger", "Whenever ~ deals combat damage to a player, put N +1/+1 counters on it",
             "hit_counters", "510.3a", "Whenever this creature deals combat damage to a player, put a +1/+1 counter "
             "on it", ("Whenever ~ deals combat damage to a player or planeswalker, put a +1/+1 counter on ~",
                       "Whenever ~ deals combat damage to an opponent, put two +1/+1 counters on it",
                       "Whenever ~ deals combat damage to a creature, put a +1/+1 counter on it"), literal=False),
    LineForm("damage-trigger", "Whenever ~ deals combat damage to a player, that player loses N life", "hit_loss",
             "510.3a", "Whenever this creature deals combat damage to a player, that player loses 1 life",
             ("Whenever ~ deals combat damage to an opponent, that player loses 2 life",), literal=False),
    LineForm("damage-trigger", "Whenever ~ deals combat damage to a player, you gain N life", "hit_gain", "510.3a",
             "Whenever this creature deals combat damage to a player, you gain 2 life",
             ("Whenever ~ deals combat damage to a player or planeswalker, you gain 1 life",
              "Whenever ~ deals combat damage to a creature, you gain 2 life"), literal=False),
    # 118.12, 603.5: the payment chosen as it is put on the stack and paid as it resolves (pysolver.rules.hits)
    LineForm("damage-trigger", "Whenever ~ deals combat damage to a player, you may pay {cost}. If you do, <effect>",
             "hit_paid", "118.12", "Whenever this creature deals combat damage to a player, you may pay {2}{G}. If "
             "you do, put six +1/+1 counters on it",
             ("Whenever ~ deals combat damage to a player, you may pay {1}. If you do, you gain 2 life",
              "Whenever ~ deals combat damage to an opponent, you may pay {B}. If you do, that player loses 2 life"),
             literal=False),
    LineForm("damage-trigger", "Whenever ~ deals combat damage to a creature, destroy that creature", "hit_destroy",
             "510.3a", "Whenever this creature deals combat damage to a creature, destroy that creature",
             literal=False),
    LineForm("damage-trigger", "Whenever ~ deals combat damage to a creature, tap that creature", "hit_tap", "510.3a",
             "Whenever this creature deals combat damage to a creature, tap that creature",
             ("Whenever ~ deals combat damage to a creature, tap that creature and it doesn't untap during its "
              "controller's next untap step",), literal=False),
    LineForm("damage-trigger", "Whenever ~ deals combat damage to a creature, put N -1/-1 counters on that creature",
             "hit_minus_counters", "510.3a", "Whenever this creature deals combat damage to a creature, put a -1/-1 "
             "counter on that creature", literal=False),
    # 701.26b: "untap target creature or land" once combat damage is dealt: read by nothing on a board the loader
    # admits (no land, {T} cost, "tap an untapped" cost, tapped-reading ability or ward beside it)
    LineForm("damage-trigger", "Whenever ~ deals combat damage to a player, untap target creature or land", "hit_untap",
             "701.26b", "Whenever this creature deals combat damage to a player, untap target creature or land",
             literal=False),
    # 119.9, 702.15b, 702.15e: "Whenever you gain life, …": once for each source with lifelink that deals combat
    # damage (its controller gains that much life), put on the stack with the step's other triggers (510.3a)
    LineForm("damage-trigger", "Whenever you gain life, put N +1/+1 counters on ~", "gained_counters", "702.15e",
             "Whenever you gain life, put a +1/+1 counter on this creature",
             ("Whenever you gain life, put two +1/+1 counters on ~",), literal=False),
    LineForm("damage-trigger", "Whenever you gain life, ~ gets +N/+N until end of turn", "gained_pump", "702.15e",
             "Whenever you gain life, this creature gets +1/+1 until end of turn", literal=False),
    LineForm("damage-trigger", "Whenever you gain life, each opponent loses N life", "gained_loss", "702.15e",
             "Whenever you gain life, each opponent loses 1 life", literal=False),
    LineForm("damage-trigger", "Whenever you gain life, untap ~", "gained_untap", "702.15e",
             "Whenever you gain life, untap this creature", literal=False),
    # 702.112a: "When this creature deals combat damage to a player, if it isn't renowned, put N +1/+1 counters
    # on it and it becomes renowned" (603.4; the permanent's `renowned`, 702.112b)
    LineForm("damage-trigger", "Renown N", "renown", "702.112", "Renown 1", literal=False),
    # --- damage triggers (603.2, 603.2c, 120.3): once per damage event (510.2: a combat damage step's damage is one),
    # "that much" the damage of the event; put on the stack the next time a player would receive priority
    # (603.3, pysolver.rules.dealt); N written as a number, a word or "that much"
    LineForm("dealt-trigger", "Whenever ~ is dealt [combat] damage, you gain N life", "is_dealt_damage", "120.3",
             "Whenever this creature is dealt damage, you gain that much life",
             ("Whenever ~ is dealt damage, you gain 2 life",), literal=False),
    LineForm("dealt-trigger", "Whenever ~ is dealt [combat] damage, put N +1/+1 counters on it", "is_dealt_damage",
             "120.3", "Whenever this creature is dealt damage, put a +1/+1 counter on it", literal=False),
    LineForm("dealt-trigger", "Whenever ~ is dealt [combat] damage, it deals N damage to <target>", "is_dealt_damage",
             "120.3", "Whenever this creature is dealt damage, it deals that much damage to any target",
             ("Whenever ~ is dealt damage, it deals 2 damage to target opponent",
              "Whenever ~ is dealt combat damage, it deals that much damage to target opponent",
              "Whenever ~ is dealt damage, it deals that much damage to each player",
              "Whenever ~ is dealt damage, it deals that much damage to you"), literal=False),
    LineForm("dealt-trigger", "Whenever ~ is dealt [combat] damage, each opponent gains N life", "is_dealt_damage",
             "120.3", "Whenever this creature is dealt damage, each opponent gains that much life", literal=False),
    LineForm("dealt-trigger", "Whenever ~ is dealt [combat] damage, you gain N life and attacking player loses N life",
             "is_dealt_damage", "506.2", "Whenever this creature is dealt combat damage, you gain that much life and "
             "attacking player loses that much life", literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage [to <recipient>], you gain N life", "deals_damage",
             "120.3", "Whenever this creature deals damage, you gain that much life",
             ("Whenever ~ deals combat damage, you gain that much life",), literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage [to <recipient>], put N +1/+1 counters on ~",
             "deals_damage", "120.3", "Whenever this creature deals damage to a creature, put a +1/+1 counter on "
             "this creature", literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage [to <recipient>], put N +1/+1 counters on each "
             "[attacking] creature you control", "deals_damage", "122.1a", "Whenever this creature deals combat "
             "damage to a player, put a +1/+1 counter on each creature you control",
             ("Whenever ~ deals combat damage to a player, put a +1/+1 counter on each attacking creature you "
              "control",), literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage [to <recipient>], [you may have] it deal[s] N damage "
             "to <target>", "deals_damage", "120.3", "Whenever this creature deals combat damage to a player, you may "
             "have it deal 2 damage to target creature that player controls",
             ("Whenever ~ deals damage to an opponent, it deals 1 damage to target creature that player controls",
              "Whenever ~ deals damage, it deals that much damage to each opponent",
              "Whenever ~ deals combat damage to an opponent, it deals that much damage to each other opponent"),
             literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage [to <recipient>], remove all -1/-1 counters from it",
             "deals_damage", "120.3", "Whenever this creature deals damage to an opponent, remove all -1/-1 counters "
             "from it", ("Whenever ~ deals combat damage to a player, remove all -1/-1 counters from it",),
             literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage to a <creature>, destroy / exile / tap that creature",
             "deals_damage", "120.3", "Whenever this creature deals damage to a Dinosaur, destroy that creature",
             ("Whenever ~ deals damage to a creature, tap that creature and it doesn't untap during its "
              "controller's next untap step", "Whenever ~ deals damage to a creature, exile that creature"),
             literal=False),
    # 400.7, 700.4: it leaves the battlefield without dying (a board with a death trigger, persist or undying is
    # refused, pysolver.files.loader)
    LineForm("dealt-trigger", "When[ever] ~ deals [combat] damage [to <recipient>], return it to its owner's hand",
             "deals_damage", "400.7", "When this creature deals combat damage, return it to its owner's hand",
             literal=False),
    LineForm("dealt-trigger", "Whenever a creature you control deals combat damage to a player, put N +1/+1 counters "
             "on it", "yours_deal_damage", "603.2c", "Whenever a creature you control deals combat damage to a player, "
             "put that many +1/+1 counters on it", ("Whenever a creature you control deals combat damage to a player, "
                                                    "put a +1/+1 counter on it",), literal=False),
    # 115.1, 603.3d: a target chosen as it is put on the stack, still legal as it resolves (608.2b)
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage to a player, [you may] return target creature that "
             "player controls to its owner's hand", "deals_damage", "400.7", "Whenever this creature deals combat "
             "damage to a player, you may return target creature that player controls to its owner's hand",
             literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage to a player, [you may] destroy target artifact [or "
             "enchantment] that player controls", "deals_damage", "701.8a", "Whenever this creature deals combat "
             "damage to a player, you may destroy target artifact that player controls",
             ("Whenever ~ deals combat damage to a player, you may destroy target artifact or enchantment that "
              "player controls",), literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage [to <recipient>], tap target creature", "deals_damage",
             "701.26a", "Whenever this creature deals damage to an opponent, tap target creature",
             ("Whenever ~ deals damage to an opponent, tap target creature. That creature doesn't untap during its "
              "controller's untap step for as long as ~ remains tapped",), literal=False),
    LineForm("dealt-trigger", "Whenever a <creature type> [you control] deals [combat] damage to a creature, destroy "
             "that creature[. It can't be regenerated / at end of combat]", "type_deals_damage", "603.2c", "Whenever a "
             "Sliver deals combat damage to a creature, destroy that creature. It can't be regenerated",
             ("Whenever a Goblin you control deals damage to a creature, destroy that creature",
              "Whenever a Warrior you control deals combat damage to a creature, destroy that creature at end of "
              "combat"), literal=False),
    # 603.7a, 511.2: a delayed trigger (the permanent's destroyed_at_end_of_combat, pysolver.rules.end_of_combat)
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage to a <creature>, destroy that creature at end of "
             "combat", "deals_damage", "603.7a", "Whenever this creature deals combat damage to a creature, destroy "
             "that creature at end of combat", literal=False),
    # 506.4: the creatures blocking as it resolves; 608.2h: its power then, or as it last existed
    LineForm("dealt-trigger", "Whenever ~ deals combat damage to <a player / defending player>, it deals damage equal "
             "to its power to each blocking creature", "deals_damage", "608.2h", "Whenever this creature deals combat "
             "damage to defending player, it deals damage equal to its power to each blocking creature",
             literal=False),
    LineForm("dealt-trigger", "Whenever an opponent is dealt damage, [you may] put N +1/+1 counters on ~",
             "opponent_dealt_damage", "603.2c", "Whenever an opponent is dealt damage, put that many +1/+1 counters "
             "on this creature", literal=False),
    LineForm("dealt-trigger", "Whenever a source an opponent controls deals damage to you, [you may] put N +1/+1 "
             "counters on ~", "source_deals_you_damage", "603.2c", "Whenever a source an opponent controls deals "
             "damage to you, you may put that many +1/+1 counters on this creature", literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage to a player, you gain N life for each artifact that "
             "player controls", "deals_damage", "119.3", "Whenever this creature deals combat damage to a player, you "
             "gain 1 life for each artifact that player controls", literal=False),
    LineForm("dealt-trigger", "Whenever ~ deals [combat] damage to a player, that player gets N poison counters",
             "deals_damage", "120.3", "Whenever this creature deals damage to a player, that player gets a poison "
             "counter", literal=False),
    # <objects>: lands of a land type or permanents of a card type (Islands, lands, artifacts); a board where
    # it could trigger is refused (pysolver.files.loader)
    # 603.7a, 511.2: the effect waits for the end of combat step (pysolver.rules.end_of_combat)
    LineForm("end-trigger", "When ~ <attacks / blocks / attacks or blocks / becomes blocked>, <destroy / sacrifice / "
             "return / remove a +1/+1 counter from> it [to its owner's hand] at end of combat", "delayed_end", "603.7a",
             "When this creature attacks or blocks, destroy it at end of combat",
             ("When ~ attacks or blocks, sacrifice it at end of combat",
              "When ~ blocks, return it to its owner's hand at end of combat",
              "Whenever ~ attacks or blocks, remove a +1/+1 counter from it at end of combat"), literal=False),
    LineForm("end-trigger", "Whenever ~ <blocks / becomes blocked by / blocks or becomes blocked by> a <creature>, "
             "<destroy / return> that creature [to its owner's hand] at end of combat", "delayed_end", "603.7c",
             "Whenever this creature blocks or becomes blocked by a nonblack creature, destroy that creature at end "
             "of combat",
             ("Whenever ~ blocks or becomes blocked by a non-Wall creature, destroy that creature at end of combat",
              "Whenever ~ blocks a creature, return that creature to its owner's hand at end of combat"),
             literal=False),
    LineForm("end-trigger", "At end of combat, destroy all creatures blocking or blocked by ~", "end_of_combat",
             "511.2", "At end of combat, destroy all creatures blocking or blocked by this creature", literal=False),
    LineForm("unset-trigger", "When you control no <objects>, sacrifice ~", "sacrifice_without", "603.8",
             "When you control no Islands, sacrifice this creature", literal=False),
    # a board with persist or undying (which put creatures onto the battlefield in combat) is refused
    LineForm("unset-trigger",
             "Whenever [~ or] another <object> enters [the battlefield] [under your control], <effect>", "enters_watch",
             "603.6a", "Whenever another creature enters the battlefield under your control, you gain 2 life",
             ("Whenever ~ or another Ally enters the battlefield under your control, creatures you control get +1/+1 "
              "until end of turn",), literal=False),
    # a board with a targeted ability (a form that names a target, or provoke) is refused
    LineForm("unset-trigger", "When[ever] ~ becomes the target of a spell or ability, <effect>", "targeted_watch",
             "603.2", "When this creature becomes the target of a spell or ability, sacrifice it",
             ("Whenever a creature becomes the target of a spell or ability, destroy that creature",
              "Whenever ~ becomes the target of a spell or ability an opponent controls, create a 1/1 green Elf "
              "Warrior creature token"), literal=False),
    # a board with an ability that draws, discards or sacrifices (a cost or an effect) is refused
    LineForm("unset-trigger", "Whenever you / an opponent / a player draws a card, <effect>", "draw_watch", "121.1",
             "Whenever you draw a card, you gain 1 life",
             ("Whenever an opponent draws a card, if you control a red permanent, you may have ~ deal 1 damage to "
              "that player",), literal=False),
    LineForm("unset-trigger", "Whenever you / an opponent [cycle or] discard a card, <effect>", "discard_watch",
             "701.9a", "Whenever you cycle or discard a card, this creature gets +1/+1 until end of turn",
             ("Whenever you cycle or discard another card, put a -1/-1 counter on each creature your opponents "
              "control",
              "Whenever an opponent discards a card, ~ gets +2/+2 and gains fear until end of turn"), literal=False),
    LineForm("unset-trigger", "Whenever you sacrifice a <permanent>, <effect>", "sacrifice_watch", "701.21a",
             "Whenever you sacrifice another permanent, put a +1/+1 counter on this creature",
             ("Whenever you sacrifice a Clue, you gain 3 life",
              "Whenever you sacrifice a creature, target opponent sacrifices a creature"), literal=False),
    LineForm("unset-trigger", "Whenever you scry, <effect>", "scry_watch", "701.22a",
             "Whenever you scry, this creature gets +2/+0 and gains first strike until end of turn", literal=False),
    # a board with an ability that returns a permanent to a hand is refused
    LineForm("unset-trigger", "Whenever a permanent is returned to your hand, <effect>", "return_watch", "603.6c",
             "Whenever a permanent is returned to your hand, you may pay {1}. If you do, draw a card", literal=False),
    # a board with an ability that untaps (an untap effect, "untap … and remove it from combat", {Q}) is refused
    LineForm("unset-trigger", "Whenever ~ / a permanent you control becomes untapped, <effect>", "untap_watch",
             "603.2e", "Whenever a permanent you control becomes untapped, this creature gets +1/+1 until end of turn",
             ("Inspired — Whenever ~ becomes untapped, you may pay {2}{B}. If you do, create a 2/2 black Zombie "
              "enchantment creature token",), literal=False),
    # 613.1f: the same triggers granted as a quoted ability (the quoted "this creature" is each grantee), read as the
    # source's own (pysolver.model.abilities._granted_watcher): refused where one could trigger, granted or not
    LineForm("unset-trigger", '<creatures> [you control] have "When this creature enters [the battlefield], <effect>"',
             "enters_watch", "603.6a",
             'Sliver creatures you control have "When this creature enters the battlefield, you gain 1 life"',
             literal=False),
    LineForm("unset-trigger", '[As long as <condition>, ] ~ [gets +X/+Y and] has "When ~ becomes the target of a '
             'spell or ability, <effect>"', "targeted_watch", "603.2",
             'As long as you control a Demon, this creature has "When this creature becomes the target of a spell or '
             'ability, sacrifice it"',
             ('All Slivers have "When this creature becomes the target of a spell or ability, sacrifice it"',),
             literal=False),
    # --- activated abilities that act in combat (pysolver.rules.activated): a cost of the one cost grammar
    # (602.1a, pysolver.model.abilities.parse_cost, paid by pysolver.rules.costs); <creature> a target's quality,
    # whose, "another" (115.1, docs/abilities.md)
    LineForm("combat-activated", "{cost}: Tap target <creature>", "tap_target", "701.26a",
             "{W}, {T}: Tap target creature",
             ("{U}{U}: Tap target creature without flying",
              "{T}: Tap target creature with power 3 or less",
              "{T}, Discard a card: Tap target creature",
              "{1}, Sacrifice a Goblin: Tap target creature"), literal=False),
    # 205.2a: its creatures are read as creature targets, a noncreature permanent it reaches is refused (the loader);
    # 502.3: not untapping in an untap step is after the combat (an inert rider)
    LineForm("combat-activated", "{cost}: Tap target <card types>[. It doesn't untap during its controller's untap "
             "step for as long as ~ remains tapped]", "tap_target", "701.26a", "{1}, {T}: Tap target artifact",
             ("{T}: Tap target land. It doesn't untap during its controller's untap step for as long as ~ remains "
              "tapped",
              "{T}: Tap target creature. That creature doesn't untap during its controller's untap step for as long as "
              "~ remains tapped"), literal=False),
    LineForm("combat-activated", "{cost}: Untap target <creature / permanent>", "untap_target", "701.26b",
             "{T}: Untap target creature",
             ("{W}, {T}: Untap another target creature",
              "{T}: Untap target artifact or creature",
              "{T}: Untap another target permanent"), literal=False),
    LineForm("combat-activated", "{cost}: You may tap or untap target <creature / permanent>", "tap_or_untap",
             "701.26", "{1}{U}, {T}: You may tap or untap target creature",
             ("Sacrifice ~: You may tap or untap target creature",
              "{1}{U}, {T}: You may tap or untap target permanent",
              "{3}{G}, {T}: You may tap or untap target artifact, creature, or land",
              "{T}: You may tap or untap target artifact an opponent controls"), literal=False),
    LineForm("combat-activated", "{cost}: Target <creature> can't block this turn", "target_cant_block", "509.1b",
             "{R}, {T}: Target creature can't block this turn", literal=False),
    LineForm("combat-activated", "{cost}: Target <creature> can't be blocked this turn", "target_unblockable",
             "509.1b", "{U}, {T}: Target creature can't be blocked this turn",
             ("{1}{U}: Target creature with power 2 or less can't be blocked this turn",
              "{T}: Target Merfolk creature can't be blocked this turn"), literal=False),
    # 611.2a: the target's cant_be_blocked_by_power_this_turn, read as blockers are declared
    LineForm("combat-activated", "{cost}: Target <creature> can't be blocked by creatures with power N or less this "
             "turn", "target_evades", "509.1b", "{2}{G}: Target creature you control can't be blocked by creatures "
             "with power 2 or less this turn", literal=False),
    LineForm("combat-activated", "{cost}: Target <creature> gets +X/+Y until end of turn", "target_pump", "613.4c",
             "{T}: Target creature gets +1/+1 until end of turn",
             ("{T}: Target attacking creature gets +1/+1 until end of turn",
              "{W}, {T}: Target blocking creature gets +2/+2 until end of turn",
              "{1}{R}: Target Goblin creature gets +1/+0 until end of turn",
              "Sacrifice ~: Target creature gets -1/-1 until end of turn",
              "{T}, Sacrifice a creature: Target creature gets +2/+2 until end of turn",
              "Tap an untapped Dwarf you control: Target creature gets +2/+0 until end of turn"), literal=False),
    LineForm("combat-activated", "{cost}: Target <creature> gains <keyword> until end of turn", "target_pump",
             "613.1f", "{T}: Target creature gains flying until end of turn",
             ("{1}{B}{G}: Target creature gets +1/+1 and gains intimidate until end of turn",
              "{R}: Target creature you control gains haste until end of turn"), literal=False),
    LineForm("combat-activated", "{cost}, {T}: ~ gets +X/+Y until end of turn", "tap_pump", "602.5a",
             "{T}: ~ gets +2/+0 until end of turn", literal=False),
    LineForm("combat-activated", "{cost}: Regenerate target <creature>", "target_regenerate", "701.19a",
             "{G}{G}{G}{G}, {T}: Regenerate target creature",
             ("{1}{G}: Regenerate target green creature", "{G}: Regenerate another target Elf"), literal=False),
    LineForm("combat-activated", "{cost}: Destroy target <creature>", "destroy_target", "701.8a",
             "{T}: Destroy target blue creature",
             ("{B}{B}, Sacrifice ~: Destroy target blocking creature",
              "{T}: Destroy target tapped creature. Activate only during your turn, before attackers are declared"),
             literal=False),
    # 701.19c: the shields of a creature that can't be regenerated replace no destruction
    LineForm("combat-activated", "{cost}: Destroy target <creature>. It can't be regenerated", "destroy_target",
             "701.19c", "{T}: Destroy target creature. It can't be regenerated", literal=False),
    # 205.2a: an artifact or enchantment creature is one; a noncreature permanent it reaches is refused on a board,
    # a land is not read (106.4: which land makes which mana is not stated)
    LineForm("combat-activated", "{cost}: Destroy target <card types>", "destroy_target", "205.2a",
             "{1}, Sacrifice ~: Destroy target artifact or enchantment",
             ("Sacrifice a Goblin: Destroy target artifact",
              "{G}, {T}, Sacrifice a creature: Destroy target enchantment",
              "{R}{R}{R}, {T}: Destroy target noncreature artifact",
              "{T}, Pay 7 life: Destroy target nonland permanent. Activate only during your turn",
              "{T}: Destroy target Aura attached to a creature"), literal=False),
    # 608.2c: after the destruction, destroyed or not; 608.2h: the mana value of the target as it last existed
    LineForm("combat-activated", "{cost}: Destroy target artifact. ~ gets +X/+0 until end of turn, where X is that "
             "artifact's mana value", "destroy_target", "202.3",
             "{3}{R}: Destroy target artifact. ~ gets +X/+0 until end of turn, where X is that artifact's converted "
             "mana cost", literal=False),
    LineForm("combat-activated", "{cost}: Destroy all artifacts / enchantments", "destroy_all", "701.8a",
             "{2}{W}, {T}, Sacrifice ~: Destroy all enchantments", literal=False),
    LineForm("combat-activated", "{cost}: Return target <card types> to its owner's hand", "bounce_target", "400.7",
             "Tap an untapped Wizard you control: Return target nonland permanent you don't control to its owner's "
             "hand", literal=False),
    # 613.4d (layer 7d): after every +X/+Y, counter and static ability (613.4c); twice, back as it was
    LineForm("combat-activated", "{cost}: Switch ~'s power and toughness until end of turn", "switch", "613.4d",
             "{1}{U}: Switch ~'s power and toughness until end of turn", literal=False),
    LineForm("combat-activated", "{cost}: Switch each creature's power and toughness until end of turn", "switch_each",
             "611.2c", "{1}{R}: Switch each creature's power and toughness until end of turn", literal=False),
    LineForm("combat-activated", "{cost}: Target <creature> can't be regenerated this turn", "target_cant_regenerate",
             "701.19c", "{R}: Target creature can't be regenerated this turn",
             ("{R}{R}, {T}: Target creature can't be regenerated this turn",), literal=False),
    LineForm("combat-activated", "{cost}: Target <creature> becomes <color> until end of turn", "target_pump", "105.3",
             "{U}: Target creature becomes blue until end of turn", literal=False),
    LineForm("combat-activated", "{cost}: Put N +X/+Y counters on target <creature>", "target_counter", "122.1a",
             "{T}: Put a -1/-1 counter on target creature",
             ("{T}, Sacrifice ~: Put a +1/+2 counter on target creature",
              "{2}, Remove a +1/+1 counter from ~: Put a +1/+1 counter on target creature"), literal=False),
    LineForm("combat-activated", "{cost}: Exile target <creature>", "exile_target", "406.2",
             "{T}, Sacrifice ~: Exile target red creature", literal=False),
    LineForm("combat-activated", "{cost}: Return target <creature> to its owner's hand", "bounce_target", "400.7",
             "{1}{U}, {T}: Return target Kavu to its owner's hand",
             ("{4}{W}: Return another target creature you control to its owner's hand",
              "{1}{U}, {T}: Return target creature with a counter on it to its owner's hand"), literal=False),
    LineForm("combat-activated", "Ward {cost}", "ward", "702.21", "Ward {2}", literal=False),
    # --- activated abilities that deal damage (pysolver.rules.pingers, 120.3): any cost of the grammar (602.1a);
    # "target creature or player" is "any target" (115.4)
    LineForm("combat-activated", "{cost}: ~ deals N damage to any target", "ping", "115.4",
             "{T}: This creature deals 1 damage to any target",
             ("{R}, Sacrifice ~: ~ deals 2 damage to target creature or player",
              "{T}: ~ deals 1 damage to target creature or player. Activate only during your turn, before attackers "
              "are declared",
              "{1}{R}: It deals 1 damage to target player or planeswalker",
              "{T}: ~ deals 1 damage to target creature", "{T}: ~ deals 1 damage to target player",
              "{T}: ~ deals 2 damage to target attacking creature",
              "{T}: ~ deals 1 damage to target blocking creature",
              "{T}: ~ deals 1 damage to target attacking or blocking creature",
              "{T}: ~ deals 2 damage to target creature with flying",
              "{T}: ~ deals 4 damage to target attacking creature with flying",
              "{T}, Sacrifice an artifact: ~ deals 2 damage to target creature or player",
              "Remove a +1/+1 counter from ~: ~ deals 1 damage to any target",
              "{4}{R}: ~ deals 2 damage to target opponent",
              "{T}: ~ deals 2 damage to each attacking or blocking creature target player controls",
              "{T}: ~ deals 1 damage to target creature and each other creature that shares a color with it"),
             literal=False),
    LineForm("combat-activated", "{cost}: ~ deals N damage to <a target> and M damage to you / to itself", "ping",
             "120.3", "{T}: This creature deals 2 damage to any target and 3 damage to you",
             ("{1}{R}: ~ deals 1 damage to target creature or player and 1 damage to itself",
              "{T}: ~ deals 2 damage to target creature or player and doesn't untap during your next untap step"),
             literal=False),
    LineForm("combat-activated", "{cost}: ~ deals damage equal to its power to <a target>", "ping", "608.2h",
             "Sacrifice ~: This creature deals damage equal to its power to target creature",
             ("{2}{B}{R}, Sacrifice ~: ~ deals damage equal to its power to target player",
              "{T}: ~ deals damage equal to its power to target creature. That creature deals damage equal to its "
              "power to ~",
              "{2}{R}: ~ deals damage to target creature equal to the number of +1/+1 counters on ~",
              "{T}: ~ deals damage equal to the number of age counters on it to target attacking or blocking "
              "creature"), literal=False),
    LineForm("combat-activated", "{cost}: ~ deals N damage to target creature. Tap that creature / That creature "
             "can't block this combat", "ping", "608.2c",
             "{1}, {T}: This creature deals 1 damage to target creature. Tap that creature",
             ("{1}{R}: ~ deals 1 damage to target creature. That creature can't block this combat. Activate only if ~ "
              "is attacking",
              "{B}, {T}: Tap target creature. ~ deals damage equal to ~'s power to that creature",
              "{T}: ~ deals 4 damage to target creature. Tap that creature. Activate only if ~'s power is 4 or "
              "greater",
              "{T}: ~ deals 2 damage to target attacking creature. Activate only during the declare attackers step "
              "and only if you've been attacked this step"),
             literal=False),
    LineForm("combat-activated", "{X}{cost}: ~ deals X damage to <a target>", "ping", "107.3",
             "{X}{W}, {T}: This creature deals X damage to target attacking or blocking creature",
             ("{X}{R}, {T}, Sacrifice ~: ~ deals X damage to target creature or player",
              "{X}{R}, {T}: ~ deals X damage to target creature without flying"), literal=False),
    LineForm("combat-activated", "{cost}: ~ deals N damage to each creature", "ping_each", "120.3",
             "{1}{R}: This creature deals 1 damage to each creature without flying",
             ("{2}{B}: ~ deals 1 damage to each creature and each player",
              "{T}: ~ deals 4 damage to each creature without flying and each player",
              "{R}, Sacrifice ~: ~ deals 1 damage to each player", "{2}{R}: ~ deals 1 damage to each opponent",
              "{T}: ~ deals 1 damage to each creature with flying",
              "{X}{G}{G}: ~ deals X damage to each creature with flying",
              "{X}: ~ deals X damage to each creature and each player. Spend only black mana on X"),
             literal=False),
    # 608.2c: a pump of the source, then its damage to its controller (115.10b: no target; 120.3a, 120.3b)
    LineForm("combat-activated", "{cost}: ~ gets +X/+Y until end of turn and deals N damage to you", "ping_each",
             "608.2c", "{R}{R}: This creature gets +2/+0 until end of turn and deals 1 damage to you",
             ("{1}{R}: ~ gets +1/+0 until end of turn and deals 1 damage to you",), literal=False),
    # --- activated abilities whose only effect in combat is their cost (pysolver.rules.activated.offered): a
    # cost with {T}, a sacrifice, a tap, life or counters; a mana ability (605.1a), or an effect in hidden zones
    # only (121.1)
    LineForm("combat-activated", "{cost}, {T}: Add <mana>", "tap_mana", "605.1a",
             "{T}: Add {G}",
             ("{T}: Add one mana of any color",
              "{T}: Add {R}, {G}, or {W}",
              "{T}: Add {C}{C}",
              "Sacrifice ~: Add {B}"), literal=False),
    LineForm("combat-activated", "{cost}, {T}: <an effect in hidden zones only>", "tap_hidden", "121.1",
             "{T}: Draw a card",
             ("{2}{U}, {T}: Draw a card, then discard a card",
              "{T}: Scry 1",
              "{U}, {T}: Target player mills two cards",
              "{T}: Search your library for a legendary card, reveal that card, and put it into your hand. Then "
              "shuffle",
              "{T}: Draw a card. Activate only during your turn, before attackers are declared",
              "{T}, Discard a card: Draw a card",
              "Sacrifice ~: Draw a card"), literal=False),
    # 701.23a, 110.5b: tapped basic lands, refused beside a line that may read them (pysolver.model.lands)
    LineForm("combat-activated", "{cost}, {T}: Search your library for a basic land card, put it onto the "
             "battlefield tapped, then shuffle", "tap_hidden", "701.23a",
             "{1}{G}, {T}, Sacrifice ~: Search your library for a basic land card, put it onto the battlefield "
             "tapped, then shuffle",
             ("{3}, Sacrifice ~: Search your library for up to two basic land cards, put them onto the battlefield "
              "tapped, then shuffle",
              "{1}{G}, {T}, Discard a card: Search your library for a basic land card and put that card onto the "
              "battlefield tapped. Then shuffle"), literal=False),
    # --- activated abilities that make players lose or gain life (119.3, pysolver.rules.activated.life_changed):
    # any cost of the grammar; they wait on the stack as the damage abilities do
    LineForm("combat-activated", "{cost}: Target player loses N life [and you gain N life]", "life", "119.3",
             "{B}, {T}: Target player loses 1 life",
             ("{B}{B}, {T}: Target player loses 2 life and you gain 2 life",
              "Sacrifice ~: Target opponent loses 1 life and you gain 1 life",
              "{2}, {T}: Each opponent loses 1 life and you gain 1 life",
              "{T}: Each player loses 1 life",
              "{T}: You gain 1 life",
              "{T}: You gain 1 life. Activate only during your turn, before attackers are declared",
              "{1}{B}, Sacrifice a creature: Target player loses 1 life and you gain 1 life"), literal=False),
    # --- activated abilities that create tokens (111.1, pysolver.rules.tokens): a cost of mana, {T}, "sacrifice ~",
    # a discard
    LineForm("combat-activated", "{cost}: Create <tokens>", "create", "111.1",
             "{3}{G}: Create a 1/1 green Saproling creature token",
             ("{R}, {T}: Create a 3/1 red Elemental creature token with haste",
              "{2}{G}, Sacrifice ~: Create a 3/3 green Centaur creature token",
              "{3}{R}: Create a 2/1 red Goblin creature token with haste. Exile it at the beginning of the next end "
              "step", "{1}{W}, {T}, Discard a card: Create two 1/1 white Citizen creature tokens",
              "{2}{W}, Remove a +1/+1 counter from ~: Create two 1/1 white Spirit creature tokens with flying"),
             literal=False),
    # --- a cost that removes counters of a name (122.1: the permanent's `counters` NAME; 118.3: only while it has
    # them), before any effect of this group (the cost grammar, docs/abilities.md: "Remove a fade counter from ~:
    # Tap target creature", "{T}, Remove a javelin counter from ~: ~ deals 1 damage to target creature or player")
    LineForm("combat-activated", "Remove N <name> counters from ~: <effect>", "create", "122.1",
             "Remove three spore counters from ~: Create a 1/1 green Saproling creature token", literal=False),
    # --- regeneration and prevention (helper shields): a shield replaces destruction (701.19a, 614.8);
    # a prevention effect, damage being dealt (615.1a)
    LineForm("shields", "{cost}: Regenerate ~", "regenerate", "701.19a", "{1}{G}: Regenerate this creature",
             literal=False),
    # (615.5: an additional effect that only moves cards from the library, a zone no card of the solver's
    # combat reads, 121.1, 406: what the prevention does is all it does to a combat)
    LineForm("shields", "Prevent all combat damage that would be dealt to ~", "prevent_combat_damage_to", "615.1a",
             "Prevent all combat damage that would be dealt to this creature",
             ("If combat damage would be dealt to ~, prevent that damage and exile that many cards from the top "
              "of your library",)),
    LineForm("shields", "Prevent all combat damage that would be dealt by ~", "prevent_combat_damage_by", "615.1a",
             "Prevent all combat damage that would be dealt by this creature"),
    # (every source of damage in a combat is a creature: its combat damage, 510.2, and a dies trigger's
    # creature, as it last existed, 608.2h; so "by creatures" is the same line here)
    LineForm("shields", "Prevent all damage that would be dealt to ~", "prevent_damage_to", "615.1a",
             "Prevent all damage that would be dealt to this creature",
             ("Prevent all damage that would be dealt to ~ by creatures",
              # 615.5: an additional effect in a hidden zone only (drawing cards, 121.1)
              "If a source would deal damage to ~, prevent that damage. The source's controller draws cards equal "
              "to the damage prevented this way")),
    # (303.4: a creature with an Aura attached to it, as the file states, `auras_attached`)
    LineForm("shields", "Prevent all combat damage that would be dealt to ~ by enchanted creatures",
             "prevent_combat_damage_from_enchanted", "615.1a",
             "Prevent all combat damage that would be dealt to this creature by enchanted creatures"),
    LineForm("shields", "Prevent all combat damage that would be dealt to and dealt by ~",
             "prevent_combat_damage_to_and_by", "615.1a",
             "Prevent all combat damage that would be dealt to and dealt by this creature"),
    # a static prevention (604.1, 611.3a) for the creature tokens (111.1) its controller controls while it is on the
    # battlefield
    LineForm("shields", "Prevent all damage that would be dealt to creature tokens you control",
             "prevent_damage_to_tokens", "615.1a",
             "Prevent all damage that would be dealt to creature tokens you control"),
    # static prevention of part of each damage event (615.10: each source's damage to each recipient), while its source
    # is on the battlefield (611.3a); with another such effect on the same damage its controller orders them (616.1)
    LineForm("shields", "If a source would deal damage to you or a creature you control, prevent N of that damage",
             "prevent_some", "615.10",
             "If a source would deal damage to you or a creature you control, prevent 1 of that damage", literal=False),
    LineForm("shields", "If a source would deal damage to another <creature type> you control, prevent all but 1 of "
             "that damage", "prevent_all_but_one", "615.10",
             "If a source would deal damage to another Dinosaur you control, prevent all but 1 of that damage",
             literal=False),
    # a replacement of each damage event of its controller's sources (614.1a), while it is on the battlefield (611.3a);
    # two double it twice (616.1f)
    LineForm("shields", "If a source you control would deal damage to a permanent or player, it deals double that "
             "damage to that permanent or player instead", "double_damage", "614.1a",
             "If a source you control would deal damage to a permanent or player, it deals double that damage to that "
             "permanent or player instead"),
    # a replacement of the damage its controller is dealt (614.1a; 120.3a: the life it would make them lose), while it
    # is on the battlefield (611.3a)
    LineForm("shields", "Damage that would reduce your life total to less than 1 reduces it to 1 instead", "life_floor",
             "614.1a", "Damage that would reduce your life total to less than 1 reduces it to 1 instead"),
    # all damage to it prevented, and one +1/+1 counter removed for each damage event prevented (615.5: an additional
    # effect; 510.2: a step's combat damage is one event); "while it has a +1/+1 counter on it": only then
    LineForm("shields", "If damage would be dealt to ~, prevent that damage. Remove a +1/+1 counter from ~",
             "prevent_remove_counter", "615.5",
             "If damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter from this "
             "creature"),
    LineForm("shields", "If damage would be dealt to ~ while it has a +1/+1 counter on it, prevent that damage and "
             "remove a +1/+1 counter from ~", "prevent_remove_counter_while", "615.5",
             "If damage would be dealt to this creature while it has a +1/+1 counter on it, prevent that damage and "
             "remove a +1/+1 counter from this creature"),
    # damage to it becomes -1/-1 counters: replaced (614.1a) or prevented with an additional effect (615.5); either
    # way no damage is dealt (120.4b), and with another prevention effect its controller orders them (616.1)
    LineForm("shields", "If damage would be dealt to ~, put that many -1/-1 counters on it instead",
             "damage_as_counters", "614.1a",
             "If damage would be dealt to this creature, put that many -1/-1 counters on it instead",
             ("If damage would be dealt to ~, prevent that damage. Put a -1/-1 counter on ~ for each 1 damage "
              "prevented this way",)),
    # a prevention shield (615.7): the next N damage to its target, from any sources, is prevented; 615.11: one for
    # each creature and each player (no target); any cost of the grammar (602.1a)
    LineForm("shields", "{cost}: Prevent the next N damage that would be dealt to <target> this turn", "shield",
             "615.7", "{T}: Prevent the next 1 damage that would be dealt to any target this turn",
             ("{T}: Prevent the next 1 damage that would be dealt to target creature or player this turn",
              "{W}, {T}: Prevent the next 2 damage that would be dealt to target creature this turn",
              "{T}: Prevent the next 1 damage that would be dealt to target player this turn",
              "{1}{W}: Prevent the next 1 damage that would be dealt to ~ this turn",
              "{T}: Prevent the next 1 damage that would be dealt to each creature and each player this turn"),
             literal=False),
    # a prevention effect for the turn (615.1a) on every creature's combat damage; it waits on the stack as the
    # damage abilities do (405.1); any cost of the grammar (602.1a)
    LineForm("shields", "{cost}: Prevent all combat damage that would be dealt this turn", "fog", "615.1a",
             "Sacrifice ~: Prevent all combat damage that would be dealt this turn",
             ("{2}{G}: Prevent all combat damage that would be dealt this turn",), literal=False),
    # a prevention effect for the turn (615.1a) on one permanent, fixed as it resolves (611.2c): on ~ (no target,
    # activated as the pumps are) or on a target creature (115.1, as "Target <creature> gains <keyword>"); it
    # applies as the static line of the same words does; any cost of the grammar (602.1a)
    LineForm("shields", "{cost}: Prevent all [combat] damage that would be dealt to ~ this turn", "pump", "615.1a",
             "Discard a card: Prevent all damage that would be dealt to ~ this turn",
             ("{1}: Prevent all combat damage that would be dealt to ~ this turn",), literal=False),
    LineForm("shields", "{cost}: Prevent all [combat] damage that would be dealt to <target> this turn",
             "target_pump", "615.1a", "{W}: Prevent all damage that would be dealt to target creature this turn",
             ("{1}{W}: Prevent all combat damage that would be dealt this turn by target attacking creature with "
              "flying", "{1}: Prevent all combat damage that would be dealt by target creature this turn"),
             literal=False),
    # --- static abilities (604.1, 611.3a): anthems and lords, read off the battlefield at every moment;
    # <creatures>: creatures, <color> / non<color> / colorless / multicolored / artifact / <creature type>
    # creatures, two of them ("Eldrazi Spawn creatures": both, 205.3m), two joined by "and" ("green creatures and
    # white creatures": either; "Servos and Thopters"; "Saproling creatures and other Treefolk creatures": the second
    # not the source, 611.3a), or <creature type>s (205.3m, 702.73a changeling); [other]: not the source itself
    LineForm("static", "[Other] <creatures> [you control] get +X/+Y [and have <abilities>]", "anthem", "613.4c",
             "Other Goblin creatures you control get +1/+1",
             ("Attacking creatures you control get +1/+0", "Other creatures you control with defender get +0/+2",
              "Creatures with flying your opponents control get -1/-1",
              "Eldrazi Spawn creatures you control get +2/+1", "Servos and Thopters you control get +1/+1",
              "Saproling creatures and other Treefolk creatures get +1/+1"),
             literal=False),
    LineForm("static", "[Other] <creatures> your opponents control get +X/+Y", "anthem", "613.4c",
             "Creatures your opponents control get -1/-0", literal=False),
    LineForm("static", "[Other] <creatures> [you control] have <abilities>", "grant", "613.1f",
             "Elves you control have flying and trample",
             ("Other creatures you control have exalted", "All Sliver creatures have flanking",
              "Green creatures and white creatures have protection from Gorgons",
              "Slivers can't be blocked except by Slivers"),
             literal=False),
    # 604.1, 611.3a: a lord as long as <condition> (any of a creature's own conditions on itself below, read for the
    # source), its creatures as above (not "with <keyword>"); a creature's own "~ gets +X/+Y and" may come first
    # ("Lieutenant — As long as you control your commander, ~ gets +2/+2 and other creatures you control get +2/+2")
    LineForm("static", "[As long as <condition>, ][~ gets +X/+Y and ]<creatures> [you control] get +X/+Y [and have "
             "<abilities>][ as long as <condition>]", "anthem_while", "611.3a",
             "Saprolings you control get +2/+2 as long as you have the city's blessing",
             ("As long as you have one or fewer cards in hand, Minotaurs you control get +2/+0",
              "Creatures you control get +3/+0 as long as you control three or more artifacts"), literal=False),
    LineForm("static", "[As long as <condition>, ][~ gets +X/+Y and ]<creatures> [you control] have <abilities>[ as "
             "long as <condition>]", "grant_while", "611.3a",
             "Creatures you control have vigilance as long as you control your commander",
             ("As long as you control your commander, other creatures you control have trample",), literal=False),
    # 613.4c, 122.1a: +X/+Y times the P/T counters of a kind on the source (704.5q) or what a creature's own "for
    # each [other] <object> you control" counts, read for the source
    LineForm("static", "[Other] <creatures> [you control] get +X/+Y for each <P/T counter> counter on ~ / for each "
             "[other] <object> you control", "anthem_each", "613.4c",
             "Other Elf creatures you control get +1/+1 for each +1/+1 counter on this creature",
             ("Goblins you control get +1/+0 for each other Goblin you control",), literal=False),
    # 105.2: the colors of each creature it covers (none face down, 708.2a)
    LineForm("static", "Each [other] <creature> you control gets +X/+Y for each of its colors", "anthem_colors",
             "613.4c", "Each other multicolored creature you control gets +1/+1 for each of its colors",
             literal=False),
    # 605.1a: a granted mana ability costing only {T}, refused where tapping or its mana could matter (loader)
    LineForm("static", '<creatures> [you control] have "{T}: Add <mana>"', "granted_mana", "613.1f",
             'Creatures you control have "{T}: Add {G}"', ('All Slivers have "{T}: Add one mana of any color"',),
             literal=False),
    # 611.3a: a group's quoted ability, settled at load into each grantee's own (pysolver.files.group_grants)
    LineForm("static", 'All / Other <creature type>s [creatures] have "<ability>"', "group_grant", "613.1f",
             'All Slivers have "{B}: Regenerate this permanent."',
             ('All Sliver creatures have "Whenever this creature is dealt damage, put a +1/+1 counter on it."',
              'All Slivers have "If this permanent would be put into a graveyard, you may put it on top of its '
              'owner\'s library instead."', 'Other Zombies have "{B}: Regenerate this permanent."',
              'Each creature you control is a Vampire in addition to its other creature types and has "Whenever this '
              'creature deals damage to a creature, put a +1/+1 counter on this creature."'),
             literal=False),
    # 121.1: a granted ability costing only {T} that acts in hidden zones, refused beside a count of those cards
    LineForm("static", 'As long as ~ is paired with another creature, each of those creatures has "{T}: <hidden-zone '
             'effect>"', "granted_hidden", "702.95b",
             'As long as this creature is paired with another creature, each of those creatures has "{T}: Target '
             'player mills two cards"', ('Creatures you control have "{T}: Draw a card"',), literal=False),
    # 122.1a: the counters of a P/T kind on the creature (704.5q: +1/+1 and -1/-1 counters removed in pairs)
    LineForm("static", "Each [other] creature you control with a +1/+1 counter on it has <abilities>", "grant",
             "613.1f", "Each creature you control with a +1/+1 counter on it has first strike", literal=False),
    LineForm("static", "~ has <abilities> as long as it has a +1/+1 counter on it", "grant_if", "122.1a",
             "This creature has reach as long as it has a +1/+1 counter on it",
             ("~ has trample as long as it has ten or more +1/+1 counters on it",
              "~ has trample as long as it has a -1/-1 counter on it"), literal=False),
    # 402.1, 404.1: the cards in a hand or graveyard, which the players' `hand`, `graveyard` (and
    # `graveyard_creatures`) state; a card that leaves the battlefield in combat is added to its owner's graveyard
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as N or more cards are in your graveyard",
             "anthem_if", "404.1", "This creature gets +2/+2 as long as seven or more cards are in your graveyard",
             ("As long as seven or more cards are in your graveyard, ~ gets +1/+1",
              "~ gets +4/+4 as long as an opponent has ten or more cards in his or her graveyard"), literal=False),
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as you have no cards in hand", "anthem_if",
             "402.1", "This creature gets +2/+2 as long as you have no cards in hand",
             ("As long as you have seven or more cards in hand, ~ gets +2/+1",
              "~ gets +3/+3 as long as an opponent has no cards in hand"), literal=False),
    LineForm("static", "~ has <abilities> as long as you have no cards in hand", "grant_if", "402.1",
             "This creature has shadow as long as you have no cards in hand",
             ("As long as seven or more cards are in your graveyard, ~ has flying",), literal=False),
    # 613.1f, 404.1: an activated ability of its own while a graveyard count (or a permanent of a creature type) holds,
    # settled from the board (pysolver.files.loader: held all combat, never, or refused)
    LineForm("static", 'As long as N or more cards are in your graveyard, ~ [gets +X/+Y and] has "<activated ability>"',
             "grant_if", "404.1", 'As long as seven or more cards are in your graveyard, this creature has "{R}: This '
             'creature gets +1/+0 until end of turn"',
             ('As long as seven or more cards are in your graveyard, ~ has "{T}: Target attacking or blocking creature '
              'gets +3/+3 until end of turn"', 'As long as you control a Demon, ~ has "{B}: Regenerate ~"'),
             literal=False),
    LineForm("static", "~'s power and toughness are each equal to the number of cards in your hand", "cda", "604.3",
             "This creature's power and toughness are each equal to the number of cards in your hand",
             ("~'s power and toughness are each equal to twice the number of cards in your hand",
              "~'s power and toughness are each equal to the number of cards in your opponents' graveyards",
              "~'s power is equal to the number of creature cards in all graveyards",
              "~'s power is equal to the number of creature cards in all graveyards and its toughness is equal to that "
              "number plus 1"), literal=False),
    # the state of the game as a condition (611.3a): whose turn it is, all combat long (500.1); the card types among
    # the cards in a graveyard (205.2a), which the players' `graveyard_types` state; the colors of the permanents
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as it's your turn", "anthem_if", "611.3a",
             "This creature gets +0/+2 as long as it's your turn",
             ("As long as it's your turn, ~ gets +0/+2", "~ gets +1/+0 as long as it's not your turn"), literal=False),
    LineForm("static", "~ has <abilities> as long as it's your turn", "grant_if", "611.3a",
             "This creature has first strike as long as it's your turn",
             ("As long as it's not your turn, ~ has first strike",), literal=False),
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as there are four or more card types among cards "
             "in your graveyard", "anthem_if", "205.2a",
             "This creature gets +3/+0 as long as there are four or more card types among cards in your graveyard",
             ("Delirium — ~ gets +1/+1 as long as there are four or more card types among cards in your "
              "graveyard",), literal=False),
    LineForm("static", "~ has <abilities> as long as there are four or more card types among cards in your graveyard",
             "grant_if", "205.2a", "This creature has double strike as long as there are four or more card types "
             "among cards in your graveyard", literal=False),
    LineForm("static", "~ can attack as though it didn't have defender as long as <condition>", "grant_if", "609.4",
             "This creature can attack as though it didn't have defender as long as you control a Gate",
             ("~ can attack as though it didn't have defender as long as there are four or more card types among "
              "cards in your graveyard",), literal=False),
    LineForm("static", "~ gets +X/+Y as long as <color> is the most common color among all permanents or is tied for "
             "most common", "anthem_if", "105.2", "This creature gets -2/-2 as long as black is the most common color "
             "among all permanents or is tied for most common", literal=False),
    # 110.5, 508.1f: its status (an attacking creature is tapped unless it has vigilance, 702.20b)
    LineForm("static", "~ has <abilities> as long as it's untapped", "grant_if", "110.5",
             "This creature has hexproof as long as it's untapped",
             ("As long as ~ is untapped, it has protection from artifacts and from all colors",), literal=False),
    # 602.5: no activated ability of those creatures, mana abilities too (605.3a), while its source is on the
    # battlefield
    LineForm("static", "Activated abilities of creatures [your opponents control] can't be activated",
             "activation_ban", "602.5", "Activated abilities of creatures your opponents control can't be activated",
             ("Activated abilities of creatures can't be activated",), literal=False),
    # 702.11c: the permanent's controller, while it is on the battlefield (611.3a)
    LineForm("static", "You have hexproof", "player_hexproof", "702.11c", "You have hexproof"),
    # 301.5, 303.4: the Equipment or Auras attached to it (the file's `equipment_attached`, `auras_attached`)
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as it's equipped / enchanted", "anthem_if", "301.5",
             "This creature gets +1/+1 as long as it's equipped",
             ("As long as ~ is equipped, it gets +1/+1",
              "As long as ~ is enchanted, it gets +2/+2"), literal=False),
    LineForm("static", "~ has <abilities> as long as it's equipped / enchanted", "grant_if", "303.4",
             "As long as this creature is enchanted, it has vigilance", literal=False),
    # 613.1f: its own quoted activated ability while enchanted / equipped, settled at load (pysolver.files.group_grants)
    LineForm("static", 'As long as ~ is enchanted / equipped, it [gets +X/+Y, has <abilities>, and] has "<activated '
             'ability>"', "grant_if", "303.4",
             'As long as this creature is enchanted, it has "{R}: This creature gets +1/+0 until end of turn."',
             ('As long as ~ is equipped, it has "{B}: Regenerate ~."',),
             literal=False),
    LineForm("static", "~ gets +X/+Y for each Aura / Equipment attached to it", "anthem_per", "303.4",
             "This creature gets +2/+2 for each Aura attached to it",
             ("~ gets +1/+1 for each Equipment attached to it",), literal=False),
    LineForm("static", "~ can't attack or block unless it's equipped", "grant_unless", "301.5",
             "This creature can't attack or block unless it's equipped", literal=False),
    # 702.131c: the players' `citys_blessing`
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as you have the city's blessing", "anthem_if",
             "702.131c", "This creature gets +1/+1 as long as you have the city's blessing", literal=False),
    LineForm("static", "~ has <abilities> as long as you have the city's blessing", "grant_if", "702.131c",
             "This creature has flying as long as you have the city's blessing", literal=False),
    # 508.1c: the restriction of each creature it describes (as if granted)
    LineForm("static", "[Other] <creatures> [you control] can't attack", "grant", "508.1c",
             "Non-Eye creatures you control can't attack", ("Creatures can't attack",), literal=False),
    # 508.1d: the requirement of each creature it describes (as if granted), with or without abilities granted
    LineForm("static", "[Other] <creatures> [you control] attack each combat if able", "grant", "508.1d",
             "Creatures you control attack each combat if able",
             ("All creatures attack each combat if able",
              "Creatures you control have haste and attack each combat if able",
              "All creatures have double strike and attack each combat if able"), literal=False),
    # 614.1c: a replacement of how permanents enter; in a combat here tokens (111.1) and cards persist or undying
    # return (702.79a, 702.93a) enter the battlefield (pysolver.rules.tokens.enters_tapped)
    LineForm("static", "<objects> your opponents control enter the battlefield tapped", "opponents_enter_tapped",
             "614.1c", "Creatures your opponents control enter the battlefield tapped",
             ("Artifacts, creatures, and lands your opponents control enter the battlefield tapped",
              "Creatures and nonbasic lands your opponents control enter the battlefield tapped"), literal=False),
    # 614.6: a permanent that would die goes elsewhere instead; it leaves the battlefield all the same (a board where
    # its not dying could change a result is refused: pysolver.files.loader)
    LineForm("static", "If ~ would die, put it on the bottom of its owner's library instead", "dies_instead", "614.6",
             "If this creature would die, put it on the bottom of its owner's library instead",
             ("If ~ would die, put ~ on top of its owner's library instead",
              "If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle it into its owner's library "
              "instead"), literal=False),
    LineForm("static", "If a permanent would be put into a graveyard, exile it instead", "exiled_instead", "614.6",
             "If a permanent would be put into a graveyard, exile it instead"),
    # (which creatures it applies to depends on the damage dealt this turn, before the combat too: every creature
    # counts as one it may apply to)
    LineForm("static", "If a creature dealt damage by ~ this turn would die, exile it instead", "exiled_if_dealt",
             "614.6", "If a creature dealt damage by this creature this turn would die, exile it instead"),
    # 303.4b, 303.4d: of a creature card with bestow; as a creature it enchants nothing (a permanent with it that
    # is no creature, an Aura, is refused)
    LineForm("static", "Enchanted creature gets +X/+Y [and has <abilities>]", "enchanted_pump", "303.4d",
             "Enchanted creature gets +1/+1 and has double strike", literal=False),
    # a creature on itself: <object> is creature, <color> creature, artifact creature, <color> permanent,
    # artifact, enchantment, land, <creature type> or <land type>, or two of one kind joined by "or",
    # counted among its controller's permanents (or an opponent's)
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as you control a/an/another <object>",
             "anthem_if", "613.4c", "This creature gets +1/+1 as long as you control a Mountain",
             ("As long as you control a Mountain, ~ gets +1/+1",
              "~ gets +3/+3 as long as no opponent controls a creature",
              "As long as you control a Nissa planeswalker, ~ gets +2/+0"),
             literal=False),
    LineForm("static", "~ has <abilities> as long as you control a/an/another <object>", "grant_if", "613.1f",
             "This creature has trample as long as you control another Treefolk",
             ("As long as you control another Treefolk, ~ has trample",), literal=False),
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as you control N or more <objects>",
             "anthem_if", "613.4c", "This creature gets +2/+2 as long as you control three or more artifacts",
             ("As long as you control three or more artifacts, ~ gets +2/+2",), literal=False),
    LineForm("static", "~ has <abilities> as long as you control N or more <objects>", "grant_if", "613.1f",
             "This creature has double strike as long as you control three or more artifacts", literal=False),
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as an opponent controls a/an <object>",
             "anthem_if", "613.4c", "This creature gets +0/+1 as long as an opponent controls an Island",
             literal=False),
    LineForm("static", "~ has <abilities> as long as an opponent controls a/an <object>", "grant_if", "613.1f",
             "This creature has haste as long as an opponent controls a Human", literal=False),
    # 903.3, 903.3d: a permanent that is a commander (`commander`) its owner controls
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as you control your commander", "anthem_if",
             "903.3d", "This creature gets +2/+2 as long as you control your commander",
             ("As long as you control your commander, ~ gets +2/+2",), literal=False),
    LineForm("static", "~ gets +X/+Y for each [other] <object> you control", "anthem_per", "613.4c",
             "This creature gets +1/+0 for each other Goblin you control",
             ("~ gets +1/+0 for each Equipment you control",
              "~ gets +2/+2 for each face-down creature on the battlefield"), literal=False),
    LineForm("static", "~ gets +X/+Y [and has <abilities>] as long as it's attacking", "anthem_if", "508.1k",
             "This creature gets +1/+0 as long as it's attacking",
             ("As long as ~ is attacking, it gets +2/+0",), literal=False),
    LineForm("static", "~ has <abilities> as long as it's attacking", "grant_if", "508.1k",
             "This creature has first strike as long as it's attacking",
             ("As long as ~ is attacking, it has first strike",), literal=False),
    LineForm("static", "~ gets +X/+Y for each other attacking creature", "anthem_per", "508.1k",
             "This creature gets +1/+0 for each other attacking creature", literal=False),
    # 604.3: the file leaves out the number it defines (the card's *); <objects>: creatures, <color>
    # creatures, artifacts, lands, <color> permanents, <creature type>s, <land type>s
    LineForm("static", "~'s power and toughness are each equal to the number of [other] <objects> you control",
             "cda", "604.3",
             "This creature's power and toughness are each equal to the number of creatures you control",
             ("~'s power and toughness are each equal to the number of other Goblins on the battlefield",
              "~'s power and toughness are each equal to the number of Forests you control plus the number of "
              "Treefolk you control"), literal=False),
    LineForm("static", "~'s power is equal to the number of [other] <objects> you control", "cda", "604.3",
             "This creature's power is equal to the number of Swamps you control",
             ("~'s power is equal to the number of Swamps on the battlefield",
              "~'s toughness is equal to the number of Forests you control",
              "~'s toughness is equal to 1 plus the number of green creatures on the battlefield"), literal=False),
    # 406.6, 607.2a, 613.1d, 613.4b: Duplicant, settled from its `exiled_cards` as the file is read (files.exiled)
    LineForm("static", "As long as a card exiled with ~ is a creature card, ~ has the power, toughness, and creature "
             "types of the last creature card exiled with ~. It's still a Shapeshifter", "exiled_characteristics",
             "613.4b", "As long as a card exiled with this creature is a creature card, this creature has the power, "
             "toughness, and creature types of the last creature card exiled with this creature. It's still a "
             "Shapeshifter", literal=False),
    # 702.73a: what changeling stands for, written out (Mistform Ultimus)
    LineForm("static", "~ is every creature type", "changeling", "604.3", "This creature is every creature type",
             literal=False),
    # --- keyword mechanics (docs/abilities.md "Keyword mechanics"): what they can do in one combat, and the
    # boards where they could do more than the solver plays refused (pysolver.files.loader)
    LineForm("mechanic", "Myriad", "myriad", "702.116", "Myriad"),
    LineForm("mechanic", "Evolve", "evolve", "702.100", "Evolve"),
    LineForm("mechanic", "Dash {cost}", "dash", "702.109", "Dash {2}{R}", literal=False),
    # soulbond pairs creatures as they enter (a board with persist or undying is refused); the file states the
    # pair (`paired_with`), which the static abilities of the pair read
    LineForm("mechanic", "Soulbond", "soulbond", "702.95", "Soulbond"),
    LineForm("mechanic", "As long as ~ is paired with another creature, each of those creatures gets +X/+Y",
             "paired_anthem", "702.95b",
             "As long as this creature is paired with another creature, each of those creatures gets +1/+1",
             literal=False),
    LineForm("mechanic", "As long as ~ is paired with another creature, both creatures have <abilities>",
             "paired_grant", "702.95b",
             "As long as this creature is paired with another creature, both creatures have flying",
             ("As long as ~ is paired with another creature, each of those creatures has lifelink",), literal=False),
    # triggers of a priority window (pysolver.rules.window_triggers): turning a permanent face up is a special
    # action (116.2b); the abilities it triggers go on the stack with their targets (603.3, 603.3d, 117.3c)
    LineForm("mechanic", "When ~ is turned face up, ~ deals N damage to <a target>", "turned_face_up", "708.8",
             "When this creature is turned face up, it deals 2 damage to any target",
             ("When ~ is turned face up, it deals 1 damage to target creature or player",
              "When ~ is turned face up, it deals 2 damage to each player"), literal=False),
    LineForm("mechanic", "When ~ is turned face up, put N +1/+1 counters on <creatures> you control",
             "turned_face_up", "708.8",
             "When this creature is turned face up, put a +1/+1 counter on each other Dragon creature you control",
             ("When ~ is turned face up, put two +1/+1 counters on target creature",), literal=False),
    LineForm("mechanic", "When ~ is turned face up, <creatures> get +X/+Y / gain <keyword> until end of turn",
             "turned_face_up", "708.8", "When this creature is turned face up, target creature gains haste until "
             "end of turn", ("When ~ is turned face up, Beast creatures you control get +3/+0 until end of turn",
                             "When ~ is turned face up, target creature gets -2/-2 until end of turn"),
             literal=False),
    # 701.37a: activated for mana as the pumps are; 701.37b: the file states a permanent that is monstrous already
    LineForm("mechanic", "{cost}: Monstrosity N", "monstrosity", "701.37", "{5}{R}{R}: Monstrosity 3", literal=False),
    LineForm("mechanic", "When ~ becomes monstrous, <effect>", "becomes_monstrous", "701.37b",
             "When this creature becomes monstrous, destroy target creature with flying an opponent controls",
             ("When ~ becomes monstrous, destroy target non-Gorgon creature an opponent controls",
              "When ~ becomes monstrous, creatures without flying your opponents control can't block this turn"),
             literal=False),
    LineForm("mechanic", "As long as ~ is monstrous, it has <abilities>", "grant_if", "701.37b",
             "As long as this creature is monstrous, it has hexproof and indestructible", literal=False),
    LineForm("mechanic", "When ~ is turned face up, destroy / regenerate / tap target <creature>", "turned_face_up",
             "708.8", "When this creature is turned face up, destroy target creature with power 3 or less an "
             "opponent controls", ("When ~ is turned face up, regenerate target creature",
                                   "When ~ is turned face up, destroy target artifact or enchantment",
                                   "When ~ is turned face up, tap target creature"), literal=False),
)


def entry(kind: str) -> LineForm:
    """The first catalogue entry of an ability kind."""
    return next(f for f in CATALOGUE if f.kind == kind)


def render_text() -> str:
    """The catalogue for people: one section per group, one line per form with its rule and example."""
    width = max(len(f.form) for f in CATALOGUE)
    out = ["Supported ability lines (~ is the creature: its name, '~' or 'this creature'; see docs/abilities.md)"]
    for group, title in GROUPS.items():
        out.append(f"\n{title}")
        for f in (f for f in CATALOGUE if f.group == group):
            example = f"  e.g. {f.example}" if f.example != f.form else ""
            out.append(f"  {f.rule:<9} {f.form:<{width}}{example}".rstrip())
            out += [f"  {'':<9} {a}" for a in f.also]
    return "\n".join(out)


def as_data() -> dict[str, Any]:
    """The catalogue as the `pysolver abilities --json` document (schema `abilities`)."""
    return {"abilities": [{k: v for k, v in asdict(f).items() if k not in ("literal", "value")}
                          | {"also": list(f.also)} for f in CATALOGUE], "format": FORMAT}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`pysolver abilities [--json]`."""
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")


def main(args: argparse.Namespace) -> int:
    """Print the catalogue (exit status 0)."""
    print(json.dumps(as_data()) if args.json else render_text())
    return 0

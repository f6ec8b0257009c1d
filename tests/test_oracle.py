"""The class of real oracle lines (pysolver/files/oracle.py, docs/engines.md "Lines that cannot change
one combat"): modelled, inert with its reason, or "may change" the answer.

Every line here is printed on a real card, copied from the corpus (tests/fixtures/corpus: Magarena's
card scripts, whose wording predates 2024: "enters the battlefield", "his or her") or from the
current Oracle text; the grammar reads each card first, so a line it models is "modelled".
"""

from __future__ import annotations

import pytest

import pysolver
from pysolver.files.cards import Card, parse_pool
from pysolver.files.oracle import INERT, MAY_CHANGE, MODELLED, REASONS, shape


def card(name: str, text: str, legendary: bool = False) -> Card:
    """The card as a Scryfall file gives it (`--cards`)."""
    kind = "Legendary Creature" if legendary else "Creature"
    return parse_pool([{"name": name, "type_line": f"{kind} — Test", "colors": [], "power": "2", "toughness": "2",
                        "oracle_text": text}], "real.json")[name]


def classes(c: Card) -> dict[str, str]:
    """Each line of the card: 'modelled', the inert reason's key, or 'may change'."""
    return {x.line: x.reason.key if x.reason else x.status for x in c.classification}


INERT_LINES = [
    # enters (603.6a: the trigger already triggered when the permanent entered; 614.1c, 614.12)
    ("Thragtusk", "When Thragtusk enters the battlefield, you gain 5 life.", "enters"),
    ("Blisterstick Shaman", "When Blisterstick Shaman enters the battlefield, it deals 1 damage to target creature "
                            "or player.", "enters"),
    ("Cloudkin Seer", "When Cloudkin Seer enters, draw a card.", "enters"),
    ("Voice of All", "As Voice of All enters the battlefield, choose a color.", "enters"),
    ("Preyseizer Dragon", "Devour 2", "enters"),
    ("Icatian Moneychanger", "Icatian Moneychanger enters the battlefield with three credit counters on it.",
     "enters"),
    # step (503.1 upkeep, 513.1 end step, 502.3 untap step: not in the combat phase, 506.1)
    ("Blistering Firecat", "At the beginning of the end step, sacrifice Blistering Firecat.", "step"),
    ("Biovisionary", "At the beginning of the end step, if you control four or more creatures named Biovisionary, "
                     "you win the game.", "step"),
    ("Island Fish Jasconius", "Island Fish Jasconius doesn't untap during your untap step.", "step"),
    ("Apes of Rath", "Whenever Apes of Rath attacks, it doesn't untap during its controller's next untap step.",
     "step"),
    ("Marble Titan", "Creatures with power 3 or greater don't untap during their controllers' untap steps.", "step"),
    ("Seedborn Muse", "Untap all permanents you control during each other player's untap step.", "step"),
    ("Brackwater Elemental", "When Brackwater Elemental attacks or blocks, sacrifice it at the beginning of the next "
                             "end step.", "step"),
    ("Sustaining Spirit", "Cumulative upkeep {1}{W}", "step"),
    ("Acridian", "Echo {1}{G}", "step"),
    # a keyword whose cost is not mana, after a dash (702.1)
    ("Aboroth", "Cumulative upkeep—Put a -1/-1 counter on Aboroth.", "step"),
    ("Battlefield Scavenger", "You may exert Battlefield Scavenger as it attacks.", "step"),
    ("Deepcavern Imp", "Echo—Discard a card.", "step"),
    ("Sinuous Striker", "Eternalize—{3}{U}{U}, Discard a card.", "zone"),
    ("Arctic Merfolk", "Kicker—Return a creature you control to its owner's hand.", "spell"),
    ("Dryad Militant", "If an instant or sorcery card would be put into a graveyard from anywhere, exile it instead.",
     "spell"),
    ("Kyren Legate", "If an opponent controls a Plains and you control a Mountain, you may cast Kyren Legate without "
                     "paying its mana cost.", "spell"),
    ("Manic Scribe", "Delirium — At the beginning of each opponent's upkeep, if there are four or more card types "
                     "among cards in your graveyard, that player puts the top three cards of his or her library into "
                     "his or her graveyard.", "step"),
    ("Emberwilde Augur", "Sacrifice Emberwilde Augur: Emberwilde Augur deals 3 damage to target player. Activate "
                         "this ability only during your upkeep.", "step"),
    ("Colossus of Sardia", "{9}: Untap Colossus of Sardia. Activate this ability only during your upkeep.", "step"),
    ("Trade Caravan", "Remove two currency counters from Trade Caravan: Untap target basic land. Activate this "
                      "ability only during an opponent's upkeep.", "step"),
    # spell (601.2: casting; nothing is cast during the solver's combat)
    ("Akroma, Angel of Fury", "This spell can't be countered.", "spell"),
    ("Affa Guard Hound", "Flash", "spell"),
    ("Seeker of the Way", "Prowess", "spell"),
    # counter (601.2c, 602.2: no spell to target, so never activated, whatever its cost; 700.2a: a mode)
    ("Ghost-Lit Warder", "{3}{U}, {T}: Counter target spell unless its controller pays {2}.", "counter"),
    ("Daring Apprentice", "{T}, Sacrifice Daring Apprentice: Counter target spell.", "counter"),
    ("Order of the Sacred Torch", "{T}, Pay 1 life: Counter target black spell.", "counter"),
    ("Cursecatcher", "Sacrifice Cursecatcher: Counter target instant or sorcery spell unless its controller pays "
                     "{1}.", "counter"),
    ("Hisoka, Minamo Sensei", "{2}{U}, Discard a card: Counter target spell if it has the same converted mana cost "
                              "as the discarded card.", "counter"),
    ("Disciple of the Ring", "• Counter target noncreature spell unless its controller pays {2}.", "counter"),
    ("Firebrand Archer", "Whenever you cast a noncreature spell, Firebrand Archer deals 1 damage to each opponent.",
     "spell"),
    ("Bringer of the Black Dawn", "You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost.", "spell"),
    ("Phalanx Leader", "Heroic — Whenever you cast a spell that targets Phalanx Leader, put a +1/+1 counter on each "
                       "creature you control.", "spell"),
    ("Bonecrusher Giant", "Whenever Bonecrusher Giant becomes the target of a spell, Bonecrusher Giant deals 2 damage "
                          "to that spell's controller.", "spell"),
    ("Grand Arbiter Augustin IV", "Spells your opponents cast cost {1} more to cast.", "spell"),
    # zone (113.6: works only while the card is in a hand or graveyard; 702.49a ninjutsu from the hand)
    ("Grixis Sojourners", "Cycling {2}{B}", "zone"),
    ("Wirewood Guardian", "Forestcycling {2}", "zone"),
    ("Higure, the Still Wind", "Ninjutsu {2}{U}{U}", "zone"),
    ("Anathemancer", "Unearth {5}{B}{R}", "zone"),
    ("Gempalm Sorcerer", "When you cycle Gempalm Sorcerer, Wizard creatures gain flying until end of turn.", "zone"),
    ("Arrogant Wurm", "Madness {2}{G}", "zone"),
    ("Ghor-Clan Rampager", "Bloodrush — {R}{G}, Discard Ghor-Clan Rampager: Target attacking creature gets +4/+4 and "
                           "gains trample until end of turn.", "zone"),
    ("Arashi, the Sky Asunder", "Channel — {X}{G}{G}, Discard Arashi: Arashi deals X damage to each creature with "
                                "flying.", "zone"),
    # sorcery (602.5d: "activate only as a sorcery" means a main phase with an empty stack)
    ("Enclave Cryptologist", "Level up {1}{U}", "sorcery"),
    ("Wall of Distortion", "{2}{B}, {T}: Target player discards a card. Activate this ability only any time you could "
                           "cast a sorcery.", "sorcery"),
    ("Mindwhip Sliver", 'All Slivers have "{2}, Sacrifice this permanent: Target player discards a card at random. '
                        'Activate this ability only any time you could cast a sorcery."', "sorcery"),
    # 702.6a: equip granted to Equipment is "[cost]: Attach … Activate only as a sorcery"
    ("Puresteel Paladin", "Metalcraft — Equipment you control have equip {0} as long as you control three or more "
                          "artifacts.", "sorcery"),
    # a granted ability inert whoever has it (613.1f): an upkeep trigger (503.1), the card's own enters trigger (603.6a)
    ("Plague Sliver", 'All Slivers have "At the beginning of your upkeep, this permanent deals 1 damage to you."',
     "step"),
    ("Kataki, War's Wage", 'All artifacts have "At the beginning of your upkeep, sacrifice this artifact unless you '
                           'pay {1}."', "step"),
    ("Cephalid Sage", 'Threshold — As long as seven or more cards are in your graveyard, Cephalid Sage has "When '
                      'Cephalid Sage enters the battlefield, draw three cards, then discard two cards."', "enters"),
    # hidden (121.1: drawing and the like only move cards among hidden zones)
    ("Fathom Seer", "When Fathom Seer is turned face up, draw two cards.", "hidden"),
    ("Den Protector", "When Den Protector is turned face up, return target card from your graveyard to your hand.",
     "hidden"),
    ("Kestia, the Cultivator", "Whenever an enchanted creature or enchantment creature you control attacks, draw a "
                               "card.", "hidden"),
    ("Hundred-Talon Kami", "Soulshift 4", "hidden"),
    ("Harbor Guardian", "Whenever Harbor Guardian attacks, defending player may draw a card.", "hidden"),
    # 121.1: milled by the source's controller (a count of graveyard cards is refused beside it, pysolver.files.loader)
    ("Belltower Sphinx", "Whenever a source deals damage to Belltower Sphinx, that source's controller puts that many "
                         "cards from the top of his or her library into his or her graveyard.", "hidden"),
    ("Auriok Salvagers", "{1}{W}: Return target artifact card with converted mana cost 1 or less from your graveyard "
                         "to your hand.", "hidden"),
    ("Selhoff Occultist", "Whenever Selhoff Occultist or another creature dies, target player puts the top card of his "
                          "or her library into his or her graveyard.", "hidden"),
    ("Blazing Specter", "Whenever Blazing Specter deals combat damage to a player, that player discards a card.",
     "hidden"),
    ("Dimir Cutpurse", "Whenever Dimir Cutpurse deals combat damage to a player, that player discards a card and you "
                       "draw a card.", "hidden"),
    ("Silent Specter", "Whenever Silent Specter deals combat damage to a player, that player discards two cards.",
     "hidden"),
    ("Nicol Bolas", "Whenever Nicol Bolas deals damage to an opponent, that player discards his or her hand.",
     "hidden"),
    ("Fungal Shambler", "Whenever Fungal Shambler deals damage to an opponent, you draw a card and that opponent "
                        "discards a card.", "hidden"),
    ("Crosstown Courier", "Whenever Crosstown Courier deals combat damage to a player, that player puts that many "
                          "cards from the top of his or her library into his or her graveyard.", "hidden"),
    # 406.3: cards exiled from a library, or put on its bottom, are in no zone a combat reads
    ("Raven Guild Master", "Whenever Raven Guild Master deals combat damage to a player, that player exiles the top "
                           "ten cards of his or her library.", "hidden"),
    # 603.4: an intervening "if" only decides whether the hidden-zone step happens
    ("Lone Revenant", "Whenever Lone Revenant deals combat damage to a player, if you control no other creatures, "
                      "look at the top four cards of your library. Put one of them into your hand and the rest on the "
                      "bottom of your library in any order.", "hidden"),
    ("Urgoros, the Empty One", "Whenever Urgoros, the Empty One deals combat damage to a player, that player discards "
                               "a card at random. If the player can't, you draw a card.", "hidden"),
    ("Ringskipper", "When Ringskipper dies, clash with an opponent. If you win, return Ringskipper to its owner's "
                    "hand.", "hidden"),  # 701.30a-b: a clash only reveals a library's top card
    ("Infernal Caretaker", "When Infernal Caretaker is turned face up, return all Zombie cards from all graveyards "
                           "to their owners' hands.", "hidden"),
    # (603.5: "you may have target player discard": only a card from a hand, whatever untapped it, 701.26b)
    ("Hollowsage", "Whenever Hollowsage becomes untapped, you may have target player discard a card.", "hidden"),
    ("Fleet Swallower", "Whenever Fleet Swallower attacks, target player puts the top half of his or her library, "
                        "rounded up, into his or her graveyard.", "hidden"),
    ("Edric, Spymaster of Trest", "Whenever a creature deals combat damage to one of your opponents, its "
                                  "controller may draw a card.", "hidden"),
    # 400.7: the card returns from the graveyard to a hand, a hidden zone
    ("Zodiac Dragon", "When Zodiac Dragon is put into your graveyard from the battlefield, you may return it to "
                      "your hand.", "hidden"),
    # 603.7, 513.1: a delayed trigger of a death trigger acts in the next end step, after the combat phase
    ("Bearer of the Heavens", "When Bearer of the Heavens dies, destroy all permanents at the beginning of the next "
                              "end step.", "step"),
    ("Surrakar Spellblade", "Whenever Surrakar Spellblade deals combat damage to a player, you may draw X cards, "
                            "where X is the number of charge counters on it.", "hidden"),
    # energy (122.1: counters a player has; only an {E} cost spends them)
    ("Aethergeode Miner", "Whenever Aethergeode Miner attacks, you get {E}{E}.", "energy"),
    ("Empyreal Voyager", "Whenever Empyreal Voyager deals combat damage to a player, you get that many {E}.", "energy"),
    # 122.1: a counter of a name only a line of the card could read
    ("Lightning Reaver", "Whenever Lightning Reaver deals combat damage to a player, put a charge counter on it.",
     "named"),
    # a cast trigger and a clone's replacement (601.2, 614.1c, 707.2)
    ("Abundant Maw", "When you cast Abundant Maw, target opponent loses 3 life and you gain 3 life.", "spell"),
    ("Stunt Double", "You may have Stunt Double enter the battlefield as a copy of any creature on the battlefield.",
     "enters"),
    # land (305.2: lands are played in a main phase)
    ("Steppe Lynx", "Landfall — Whenever a land enters the battlefield under your control, Steppe Lynx gets +2/+2 "
                    "until end of turn.", "land"),
    # deck (702.124 partner, 100.2a deck construction), stated (702.114a devoid: the file's colors)
    ("Thrasios, Triton Hero", "Partner", "deck"),
    ("Relentless Rats", "A deck can have any number of cards named Relentless Rats.", "deck"),
    # 905.1: a draft ability acts while the cards are drafted, before the game
    ("Cogwork Spy", "Reveal Cogwork Spy as you draft it. You may look at the next card drafted from this booster "
                    "pack.", "deck"),
    ("Canal Dredger", "Each player passes the last card from each booster pack to a player who drafted a card named "
                      "Canal Dredger.", "deck"),
    # 601.2f, 601.3: casting (the solver's combat casts no spell)
    ("Glowrider", "Noncreature spells cost {1} more to cast.", "spell"),
    ("Irini Sengir", "Green enchantment spells and white enchantment spells cost {2} more to cast.", "spell"),
    ("Dosan the Falling Leaf", "Players can cast spells only during their own turns.", "spell"),
    ("Erayo, Soratami Ascendant", "Whenever the fourth spell of a turn is cast, flip Erayo, Soratami Ascendant.",
     "spell"),
    ("Skittering Horror", "When you cast a creature spell, sacrifice Skittering Horror.", "spell"),
    # 402.2, 514.1: the maximum hand size is checked in the cleanup step
    ("Gnat Miser", "Each opponent's maximum hand size is reduced by one.", "step"),
    ("Trusted Advisor", "Your maximum hand size is increased by two.", "step"),
    # 113.6b: works while the card is in a hand
    ("Loxodon Smiter", "If a spell or ability an opponent controls causes you to discard Loxodon Smiter, put it onto "
                       "the battlefield instead of putting it into your graveyard.", "zone"),
    # 603.6a: the land searched for enters; the card itself does not return
    ("Wild Wanderer", "When Wild Wanderer enters the battlefield, you may search your library for a basic land card, "
                      "put it onto the battlefield tapped, then shuffle your library.", "enters"),
    ("Sludge Crawler", "Devoid", "stated"),
    # marker (702.131c: the city's blessing means nothing but to the lines that read it)
    ("Deadeye Brawler", "Ascend", "marker"),
]


@pytest.mark.parametrize(("name", "line", "key"), INERT_LINES, ids=[f"{k}-{n}" for n, _, k in INERT_LINES])
def test_real_lines_that_cannot_change_one_combat(name: str, line: str, key: str) -> None:
    c = card(name, line, legendary="," in name)
    assert c.unmodelled == () and [(text, why.key) for text, why in c.inert] == [(line, key)]
    assert c.inert[0][1] is REASONS[key]


MAY_CHANGE_LINES = [
    # 507.1: the beginning of combat step is the combat's first step
    ("Aethershield Artificer", "At the beginning of combat on your turn, target artifact creature you control gets "
                               "+2/+2 and gains indestructible until end of turn."),
    # 511.2: end of combat is the combat's last step
    ("Abomination", "Whenever Abomination blocks or becomes blocked by a green or white creature, destroy that "
                    "creature at end of combat."),
    # (509.1c: tapped before blockers are declared, a creature is free of blocking requirements: "{T}: Add {G}",
    # "{T}: Draw a card" and "{T}, Discard a card: Draw a card" are modelled, tests/test_cost_only.py)
    # abilities are activated in combat (a damage ability targets a creature): not only spells are countered
    ("Siren Stormtamer", "{U}, Sacrifice Siren Stormtamer: Counter target spell or ability that targets you or a "
                         "creature you control."),
    # 603.7: a death trigger with an effect now beside its delayed one (a variant of Bearer of the Heavens's line)
    ("Bearer of the Heavens", "When Bearer of the Heavens dies, target creature gets -3/-3 until end of turn, then "
                              "destroy all permanents at the beginning of the next end step."),
    # a draw joined to a combat effect (119.3: the life lost)
    ("Kothophed, Soul Hoarder", "Whenever a permanent owned by another player is put into a graveyard from the "
                                "battlefield, you draw a card and you lose 1 life."),
    ("Sparksmith", "{T}: Sparksmith deals X damage to target creature and X damage to you, where X is the number "
                   "of Goblins on the battlefield."),
    # a discard joined to a token (the token enters the battlefield in combat)
    ("Liliana's Reaver", "Whenever Liliana's Reaver deals combat damage to a player, that player discards a card and "
                         "you create a tapped 2/2 black Zombie creature token."),
    # energy paid for an effect in combat (107.14)
    ("Aetherstorm Roc", "Whenever Aetherstorm Roc attacks, you may pay {E}{E}. If you do, put a +1/+1 counter on it "
                        "and tap up to one target creature defending player controls."),
    # a sacrifice or a life gain joined to a hidden-zone step
    ("Whispering Specter", "Whenever Whispering Specter deals combat damage to a player, you may sacrifice it. If you "
                           "do, that player discards a card for each poison counter he or she has."),
    ("Augury Adept", "Whenever Augury Adept deals combat damage to a player, reveal the top card of your library and "
                     "put that card into your hand. You gain life equal to its converted mana cost."),
    ("Goblin Guide", "Whenever Goblin Guide attacks, defending player reveals the top card of their library. If it's "
                     "a land card, that player puts it into their hand."),
]


@pytest.mark.parametrize(("name", "line"), MAY_CHANGE_LINES, ids=[n for n, _ in MAY_CHANGE_LINES])
def test_real_lines_that_may_change_the_answer(name: str, line: str) -> None:
    c = card(name, line)
    assert c.unmodelled == (line,) and c.inert == ()


END_OF_COMBAT_LINES = [
    ("Aether Membrane", "Whenever Aether Membrane blocks a creature, return that creature to its owner's hand at end "
                        "of combat."),
    ("Ceremonial Guard", "When Ceremonial Guard attacks or blocks, destroy it at end of combat."),
    ("Clockwork Condor", "Whenever Clockwork Condor attacks or blocks, remove a +1/+1 counter from it at end of "
                         "combat."),
    ("Deathgazer", "Whenever Deathgazer blocks or becomes blocked by a nonblack creature, destroy that creature at "
                   "end of combat."),
    ("Kjeldoran Frostbeast", "At end of combat, destroy all creatures blocking or blocked by Kjeldoran Frostbeast."),
    ("Mardu Blazebringer", "When Mardu Blazebringer attacks or blocks, sacrifice it at end of combat."),
    ("Rock Basilisk", "Whenever Rock Basilisk blocks or becomes blocked by a non-Wall creature, destroy that "
                      "creature at end of combat."),
    ("Wall of Junk", "When Wall of Junk blocks, return it to its owner's hand at end of combat."),
    # 509.2a, 400.3: returned as the block trigger resolves (pysolver.rules.triggers.block_puts)
    ("Zephyr Spirit", "When Zephyr Spirit blocks, return it to its owner's hand."),
    ("Saprazzan Raider", "When Saprazzan Raider becomes blocked, return it to its owner's hand."),
    # 613.4c, 704.5f: on the stack, its toughness lowered
    ("Dromosaur", "Whenever Dromosaur blocks or becomes blocked, it gets +2/-2 until end of turn."),
    # 603.5, 119.3: on the stack, its controller choosing
    ("Goldenglow Moth", "Whenever Goldenglow Moth blocks, you may gain 4 life."),
    ("Perimeter Captain", "Whenever a creature you control with defender blocks, you may gain 2 life."),
    # 509.3c, 613.4c: once for each attacker of its controller's that becomes blocked
    ("Somberwald Alpha", "Whenever a creature you control becomes blocked, it gets +1/+1 until end of turn."),
    ("Gustcloak Savior", "Whenever a creature you control becomes blocked, you may untap that creature and remove it "
                         "from combat."),
]


@pytest.mark.parametrize(("name", "line"), END_OF_COMBAT_LINES, ids=[n for n, _ in END_OF_COMBAT_LINES])
def test_end_of_combat_lines_of_real_cards_are_modelled(name: str, line: str) -> None:
    """511.2, 603.7a (pysolver.rules.end_of_combat): the delayed triggers of combat triggers and "At end of
    combat, …" are read from oracle text."""
    assert classes(card(name, line)) == {line: MODELLED}


def test_cost_only_lines_of_real_cards_are_modelled() -> None:
    """605.1a, 121.1 (pysolver.rules.activated.offered): tapped for mana or a card before blockers are
    declared, a creature is free of requirements (509.1c); the grammar reads these lines."""
    assert classes(card("Copper Myr", "{T}: Add {G}.")) == {"{T}: Add {G}.": MODELLED}
    assert classes(card("Archivist", "{T}: Draw a card.")) == {"{T}: Draw a card.": MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Seeker of Skybreak", "{T}: Untap target creature."), ("Samut, Voice of Dissent", "{W}, {T}: Untap another "
                                                                                      "target creature."),
    ("Aphetto Alchemist", "{T}: Untap target artifact or creature."),
    ("Vizier of Tumbling Sands", "{T}: Untap another target permanent."),
    ("Stone-Seeder Hierophant", "{T}: Untap target land."),
    ("Stonybrook Angler", "{1}{U}, {T}: You may tap or untap target creature."),
    ("Teardrop Kami", "Sacrifice Teardrop Kami: You may tap or untap target creature."),
    ("Captain of the Mists", "{1}{U}, {T}: You may tap or untap target permanent."),
    ("Elder Druid", "{3}{G}, {T}: You may tap or untap target artifact, creature, or land."),
    ("Hyperion Blacksmith", "{T}: You may tap or untap target artifact an opponent controls."),
    ("Merfolk Skyscout", "Whenever Merfolk Skyscout attacks or blocks, untap target permanent."),
    ("Initiate's Companion", "Whenever Initiate's Companion deals combat damage to a player, untap target creature "
                             "or land."),
    ("Copperhorn Scout", "Whenever Copperhorn Scout attacks, untap each other creature you control.")])
def test_untap_lines_of_real_cards_are_modelled(name: str, line: str) -> None:
    """701.26 (pysolver.rules.activated): a creature untapped may attack or block (508.1a, 509.1a); the
    noncreature permanents a target names are refused on a board (pysolver.files.loader)."""
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Renegade Wheelsmith", "Whenever Renegade Wheelsmith becomes tapped, target creature can't block this turn."),
    ("Veteran of the Depths", "Whenever Veteran of the Depths becomes tapped, you may put a +1/+1 counter on it."),
    # 701.26a, 205.2a; 502.3: the rider acts in an untap step, after the combat
    ("Sand Squid", "{T}: Tap target creature. That creature doesn't untap during its controller's untap step for as "
                   "long as Sand Squid remains tapped."),
    ("Mole Worms", "{T}: Tap target land. It doesn't untap during its controller's untap step for as long as Mole "
                   "Worms remains tapped."),
    ("Rust Tick", "{1}, {T}: Tap target artifact. It doesn't untap during its controller's untap step for as long as "
                  "Rust Tick remains tapped."),
    # 701.26a, 608.2c: a pump that taps its source after giving it shroud (pysolver.rules.pumps)
    ("Deep Spawn", "{U}: Deep Spawn gains shroud until end of turn and doesn't untap during your next untap step. Tap "
                   "Deep Spawn."),
    ("Homarid Warrior", "{U}: Homarid Warrior gains shroud until end of turn and doesn't untap during your next untap "
                        "step. Tap Homarid Warrior."),
    # 701.43d, 509.1b: its restriction until end of turn (the permanent's cant_be_blocked_by_power_this_turn)
    ("Rhonas's Stalwart", "You may exert Rhonas's Stalwart as it attacks. When you do, it gets +1/+1 until end of turn "
                          "and can't be blocked by creatures with power 2 or less this turn."),
    ("Ghirapur Guide", "{2}{G}: Target creature you control can't be blocked by creatures with power 2 or less this "
                       "turn.")])
def test_becomes_tapped_and_tapping_lines_of_real_cards_are_modelled(name: str, line: str) -> None:
    """603.2, 701.26a, 508.1f (pysolver.rules.triggers): tapped as it attacks without vigilance; tapped otherwise is
    refused on a board (pysolver.files.loader); "tap target <card types>" (pysolver.rules.activated)."""
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Keeper of Tresserhorn", "Whenever Keeper of Tresserhorn attacks and isn't blocked, it assigns no combat damage "
                              "this turn and defending player loses 2 life."),
    ("Ophidian", "Whenever Ophidian attacks and isn't blocked, you may draw a card. If you do, Ophidian assigns no "
                 "combat damage this turn."),
    ("Laccolith Grunt", "Whenever Laccolith Grunt becomes blocked, you may have it deal damage equal to its power to "
                        "target creature. If you do, Laccolith Grunt assigns no combat damage this turn."),
    ("Zealot il-Vec", "Whenever Zealot il-Vec attacks and isn't blocked, you may have it deal 1 damage to target "
                      "creature. If you do, prevent all combat damage Zealot il-Vec would deal this turn."),
    ("Ahn-Crop Champion", "You may exert Ahn-Crop Champion as it attacks. When you do, untap all other creatures you "
                          "control."),
    ("Cultivator of Blades", "Whenever Cultivator of Blades attacks, you may have other attacking creatures get +X/+X "
                             "until end of turn, where X is Cultivator of Blades's power.")])
def test_no_combat_damage_triggers_of_real_cards_are_modelled(name: str, line: str) -> None:
    """509.3g, 509.3c, 510.1a, 611.2a, 118.12 (pysolver.rules.triggers): the creature's `assigns_no_combat_damage`;
    the draw acts in no combat (121.1)."""
    assert classes(card(name, line)) == {line: MODELLED}


def test_an_intervening_if_of_lands_of_a_real_card_is_modelled() -> None:
    """603.4, 110.5 (encodings/triggers.lp): "if you control no untapped lands", read off the lands the board states."""
    line = "Whenever Keldon Berserker attacks, if you control no untapped lands, it gets +3/+0 until end of turn."
    assert classes(card("Keldon Berserker", line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Bloodbond Vampire", "Whenever you gain life, put a +1/+1 counter on Bloodbond Vampire."),
    ("Malakir Familiar", "Whenever you gain life, Malakir Familiar gets +1/+1 until end of turn."),
    ("Epicure of Blood", "Whenever you gain life, each opponent loses 1 life."),
    ("Famished Paladin", "Whenever you gain life, untap Famished Paladin."),
    ("Karlov of the Ghost Council", "Whenever you gain life, put two +1/+1 counters on Karlov of the Ghost Council."),
    ("Karlov of the Ghost Council", "{W}{B}, Remove six +1/+1 counters from Karlov of the Ghost Council: Exile "
                                    "target creature.")])
def test_life_gain_triggers_of_real_cards_are_modelled(name: str, line: str) -> None:
    """119.9, 702.15e (pysolver.rules.hits): set off by lifelink's combat damage; the loader refuses a board
    where life may be gained otherwise."""
    assert classes(card(name, line)) == {line: MODELLED}


DAMAGE_EFFECT_LINES = [
    ("Pit Spawn", "Whenever Pit Spawn deals damage to a creature, exile that creature."),
    ("Leyline Phantom", "When Leyline Phantom deals combat damage, return it to its owner's hand."),
    ("War Elemental", "Whenever an opponent is dealt damage, put that many +1/+1 counters on War Elemental."),
    ("Electryte", "Whenever Electryte deals combat damage to defending player, it deals damage equal to its power to "
                  "each blocking creature."),
    ("Toxin Sliver", "Whenever a Sliver deals combat damage to a creature, destroy that creature. It can't be "
                     "regenerated."),
    ("Serpentine Basilisk", "Whenever Serpentine Basilisk deals combat damage to a creature, destroy that creature at "
                            "end of combat."),
    ("Sosuke, Son of Seshiro", "Whenever a Warrior you control deals combat damage to a creature, destroy that "
                               "creature at end of combat."),
    ("Emissary of Hope", "Whenever Emissary of Hope deals combat damage to a player, you gain 1 life for each artifact "
                         "that player controls."),
    ("Mistblade Shinobi", "Whenever Mistblade Shinobi deals combat damage to a player, you may return target creature "
                          "that player controls to its owner's hand."),
    ("Caustic Wasps", "Whenever Caustic Wasps deals combat damage to a player, you may destroy target artifact that "
                      "player controls."),
    ("Thalakos Dreamsower", "Whenever Thalakos Dreamsower deals damage to an opponent, tap target creature. That "
                            "creature doesn't untap during its controller's untap step for as long as Thalakos "
                            "Dreamsower remains tapped."),
    ("Retaliator Griffin", "Whenever a source an opponent controls deals damage to you, you may put that many +1/+1 "
                           "counters on Retaliator Griffin."),
]


@pytest.mark.parametrize(("name", "line"), DAMAGE_EFFECT_LINES, ids=[n for n, _ in DAMAGE_EFFECT_LINES])
def test_damage_trigger_effects_of_real_cards_are_modelled(name: str, line: str) -> None:
    """603.2, 120.3 (pysolver.rules.dealt): the effects of damage triggers the grammar reads."""
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line", "legendary"), [
    ("Elenda, the Dusk Rose", "When Elenda dies, create X 1/1 white Vampire creature tokens with lifelink, where X "
                              "is Elenda's power.", True),
    ("Hangarback Walker", "When Hangarback Walker dies, create a 1/1 colorless Thopter artifact creature token with "
                          "flying for each +1/+1 counter on Hangarback Walker.", False),
    ("Servant of the Scale", "When Servant of the Scale dies, put X +1/+1 counters on target creature you control, "
                             "where X is the number of +1/+1 counters on Servant of the Scale.", False),
    ("Soulstinger", "When Soulstinger dies, you may put a -1/-1 counter on target creature for each -1/-1 counter on "
                    "Soulstinger.", False),
    ("Mortis Dogs", "When Mortis Dogs dies, target player loses life equal to its power.", False),
    ("Kheru Bloodsucker", "Whenever a creature you control with toughness 4 or greater dies, each opponent loses 2 "
                          "life and you gain 2 life.", False),
    ("Rotlung Reanimator", "Whenever Rotlung Reanimator or another Cleric dies, create a 2/2 black Zombie creature "
                           "token.", False),
    ("Child of Alara", "When Child of Alara dies, destroy all nonland permanents. They can't be regenerated.", True),
    ("Altac Bloodseeker", "Whenever a creature an opponent controls dies, Altac Bloodseeker gets +2/+0 and gains "
                          "first strike and haste until end of turn.", False),
    ("Slaughterhouse Bouncer", "Hellbent — When Slaughterhouse Bouncer dies, if you have no cards in hand, target "
                               "creature gets -3/-3 until end of turn.", False)])
def test_death_trigger_numbers_of_real_cards_are_modelled(name: str, line: str, legendary: bool) -> None:
    """608.2h, 603.10a (tests/test_death_numbers.py): a number read from the creature as it last existed (201.5c:
    a legendary card's shortened name is its own, written out in full)."""
    assert list(classes(card(name, line, legendary)).values()) == [MODELLED]


def test_static_lines_of_real_cards_are_modelled() -> None:
    """604.1, 611.3a, 613.4c (encodings/statics.lp): a creature's bonus for each Mountain it controls, and a
    lord's anthem with a grant, are read from oracle text, not noted."""
    assert classes(card("Earth Servant", "Earth Servant gets +0/+1 for each Mountain you control.")) == {
        "Earth Servant gets +0/+1 for each Mountain you control.": MODELLED}
    assert classes(card("Goblin King", "Other Goblin creatures get +1/+1 and have mountainwalk.")) == {
        "Other Goblin creatures get +1/+1 and have mountainwalk.": MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Warmonger Hellkite", "All creatures attack each combat if able."),
    ("Avatar of Slaughter", "All creatures have double strike and attack each combat if able."),
    ("Hellraiser Goblin", "Creatures you control have haste and attack each combat if able."),
])
def test_requirements_given_by_static_abilities_of_real_cards_are_modelled(name: str, line: str) -> None:
    """508.1d, 613.1f (encodings/attacks.lp): the requirement of each creature a static ability describes."""
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Kinjalli's Sunwing", "Creatures your opponents control enter the battlefield tapped."),
    ("Thalia, Heretic Cathar", "Creatures and nonbasic lands your opponents control enter the battlefield tapped."),
    ("Loxodon Gatekeeper", "Artifacts, creatures, and lands your opponents control enter the battlefield tapped."),
    ("Manglehorn", "Artifacts your opponents control enter the battlefield tapped."),
])
def test_enters_tapped_replacements_of_real_cards_are_modelled(name: str, line: str) -> None:
    """614.1c (pysolver.rules.tokens.enters_tapped): tokens and returned cards of an opponent enter tapped."""
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Hedron-Field Purists", "If a source would deal damage to you or a creature you control, prevent 1 of that "
                             "damage."),
    ("Hedron-Field Purists", "If a source would deal damage to you or a creature you control, prevent 2 of that "
                             "damage."),
    ("Temple Altisaur", "If a source would deal damage to another Dinosaur you control, prevent all but 1 of that "
                        "damage."),
    ("Angrath's Marauders", "If a source you control would deal damage to a permanent or player, it deals double "
                            "that damage to that permanent or player instead."),
    ("Enchanted Being", "Prevent all combat damage that would be dealt to Enchanted Being by enchanted creatures."),
    ("Sustaining Spirit", "Damage that would reduce your life total to less than 1 reduces it to 1 instead."),
])
def test_damage_replacements_of_real_cards_are_modelled(name: str, line: str) -> None:
    """615.10, 614.1a, 615.1a (encodings/shields.lp; pysolver.files.loader refuses the boards where 616.1's order
    matters)."""
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Nissa's Chosen", "If Nissa's Chosen would die, put it on the bottom of its owner's library instead."),
    ("Gravebane Zombie", "If Gravebane Zombie would die, put Gravebane Zombie on top of its owner's library instead."),
    ("Darksteel Colossus", "If Darksteel Colossus would be put into a graveyard from anywhere, reveal Darksteel "
                           "Colossus and shuffle it into its owner's library instead."),
    ("Samurai of the Pale Curtain", "If a permanent would be put into a graveyard, exile it instead."),
    ("Kumano, Master Yamabushi", "If a creature dealt damage by Kumano, Master Yamabushi this turn would die, exile it "
                                 "instead."),
])
def test_dying_replacements_of_real_cards_are_modelled(name: str, line: str) -> None:
    """614.6 (pysolver.files.loader refuses a board where not dying could change a result)."""
    assert classes(card(name, line)) == {line: MODELLED}


def test_a_keyword_and_unblockable_pump_of_a_real_card_is_modelled() -> None:
    """613.1f, 509.1b (pysolver.rules.pumps): Cephalid Inkshrouder's discard-cost ability."""
    line = "Discard a card: Cephalid Inkshrouder gains shroud until end of turn and can't be blocked this turn."
    assert classes(card("Cephalid Inkshrouder", line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Immolating Souleater", "{R/P}: Immolating Souleater gets +1/+0 until end of turn."),
    ("Trespassing Souleater", "{U/P}: Trespassing Souleater can't be blocked this turn.")])
def test_phyrexian_mana_lines_of_real_cards_are_modelled(name: str, line: str) -> None:
    """107.4f (pysolver.model.abilities.phyrexian_ways): one ability paid with mana, one with 2 life."""
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Electric Eel", "{R}{R}: Electric Eel gets +2/+0 until end of turn and deals 1 damage to you."),
    ("Firedrinker Satyr", "{1}{R}: Firedrinker Satyr gets +1/+0 until end of turn and deals 1 damage to you."),
    ("Stormcloud Djinn", "{R}{R}: Stormcloud Djinn gets +2/+0 until end of turn and deals 1 damage to you.")])
def test_pump_and_damage_to_you_lines_of_real_cards_are_modelled(name: str, line: str) -> None:
    """608.2c, 120.3 (pysolver.rules.pingers.pumped): the source's pump, then its damage to its controller."""
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Flowstone Hellion", "{0}: Flowstone Hellion gets +1/-1 until end of turn."),
    ("Hopping Automaton", "{0}: Hopping Automaton gets -1/-1 and gains flying until end of turn.")])
def test_free_pumps_lowering_toughness_of_real_cards_are_modelled(name: str, line: str) -> None:
    """117.1b, 704.5f (pysolver.model.magnitudes.lowering_bound): activated until the source dies."""
    assert classes(card(name, line)) == {line: MODELLED}


def test_a_delirium_condition_on_a_pump_of_a_real_card_is_modelled() -> None:
    """602.5, 205.2a (pysolver.files.loader._check_types_condition): Stallion of Ashmouth."""
    line = ("Delirium — {1}{B}: Stallion of Ashmouth gets +1/+1 until end of turn. Activate this ability only if "
            "there are four or more card types among cards in your graveyard.")
    assert classes(card("Stallion of Ashmouth", line)) == {line: MODELLED}


def test_a_sacrifice_of_two_creature_types_of_a_real_card_is_modelled() -> None:
    """701.21a, 205.3m (pysolver.rules.costs): Drowner of Hope's "Sacrifice an Eldrazi Scion"."""
    line = "Sacrifice an Eldrazi Scion: Tap target creature."
    assert classes(card("Drowner of Hope", line)) == {line: MODELLED}


def test_a_monstrous_trigger_on_the_opponents_creatures_of_a_real_card_is_modelled() -> None:
    """701.37b, 509.1b (pysolver.rules.window_triggers): Stoneshock Giant's group of the opponents' creatures."""
    line = ("When Stoneshock Giant becomes monstrous, creatures without flying your opponents control can't block "
            "this turn.")
    assert classes(card("Stoneshock Giant", line)) == {line: MODELLED}


@pytest.mark.parametrize("name", ["Psychatog", "Sarcatog"])
def test_a_cost_exiling_cards_from_a_graveyard_of_a_real_card_is_modelled(name: str) -> None:
    """406.1, 404.1 (pysolver.rules.costs.in_graveyard): "Exile two cards from your graveyard"."""
    line = f"Exile two cards from your graveyard: {name} gets +1/+1 until end of turn."
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Horizon Chimera", "Whenever you draw a card, you gain 1 life."),
    ("Hekma Sentinels", "Whenever you cycle or discard a card, Hekma Sentinels gets +1/+1 until end of turn."),
    ("Abyssal Nocturnus", "Whenever an opponent discards a card, Abyssal Nocturnus gets +2/+2 and gains fear until "
                          "end of turn."),
    ("Tireless Tracker", "Whenever you sacrifice a Clue, put a +1/+1 counter on Tireless Tracker."),
    ("Forlorn Pseudamma", "Inspired — Whenever Forlorn Pseudamma becomes untapped, you may pay {2}{B}. If you do, "
                          "create a 2/2 black Zombie enchantment creature token.")])
def test_player_event_triggers_of_real_cards_are_modelled(name: str, line: str) -> None:
    """603.2, 121.1, 701.9a, 701.21a, 603.2e (pysolver.files.loader): refused beside an ability that draws,
    discards, sacrifices or untaps; on any other board they never trigger."""
    assert classes(card(name, line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Curator of Mysteries", "Whenever you cycle or discard another card, scry 1."),
    ("Sphinx's Disciple", "Inspired — Whenever Sphinx's Disciple becomes untapped, draw a card.")])
def test_player_event_triggers_with_an_inert_effect_stay_inert(name: str, line: str) -> None:
    """121.1: an effect only in hidden zones; read, the line would refuse the boards that can make its event."""
    assert classes(card(name, line)) == {line: "hidden"}


def test_a_token_ability_with_a_discard_cost_of_a_real_card_is_modelled() -> None:
    """111.1, 701.9 (pysolver.rules.tokens, pysolver.rules.costs): Icatian Crier."""
    line = "{1}{W}, {T}, Discard a card: Create two 1/1 white Citizen creature tokens."
    assert classes(card("Icatian Crier", line)) == {line: MODELLED}


def test_color_changing_lines_of_real_cards_are_modelled() -> None:
    """105.3, 105.4, 613.1e (pysolver.rules.pumps): a creature's color changed until end of turn is read from
    oracle text, not noted."""
    for name, line in (("Ancient Kavu", "{2}: Ancient Kavu becomes colorless until end of turn."),
                       ("Rainbow Crow", "{1}: Rainbow Crow becomes the color of your choice until end of turn."),
                       ("Wild Mongrel", "Discard a card: Wild Mongrel gets +1/+1 and becomes the color of your choice "
                                        "until end of turn."),
                       ("Metathran Transport", "{U}: Target creature becomes blue until end of turn.")):
        assert classes(card(name, line)) == {line: MODELLED}


def test_defender_lines_of_real_cards_are_modelled() -> None:
    """702.3b (pysolver.rules.pumps): "can attack this turn as though it didn't have defender" is read."""
    line = "{W}: Mirror Wall can attack this turn as though it didn't have defender."
    assert classes(card("Mirror Wall", line)) == {line: MODELLED}
    line = "Sacrifice three lands: Torpid Moloch loses defender until end of turn."  # 613.1f
    assert classes(card("Torpid Moloch", line)) == {line: MODELLED}
    line = "{1}{W}: Creatures you control with defender can attack this turn as though they didn't have defender."
    assert classes(card("Wakestone Gargoyle", line)) == {line: MODELLED}


def test_regeneration_denying_lines_of_real_cards_are_modelled() -> None:
    """701.19c (pysolver.rules.activated): "can't be regenerated" on an activated ability's target is read."""
    for name, line in (("Hurr Jackal", "{T}: Target creature can't be regenerated this turn."),
                       ("Visara the Dreadful", "{T}: Destroy target creature. It can't be regenerated.")):
        assert classes(card(name, line)) == {line: MODELLED}


def test_persist_makes_the_cards_own_enters_trigger_matter() -> None:
    """702.79a: Kitchen Finks dies in the first-strike damage step and returns; its trigger gains 2 life
    within the combat. Without persist the same line is inert (603.6a)."""
    finks = card("Kitchen Finks", "When Kitchen Finks enters, you gain 2 life.\nPersist (When this creature dies, "
                                  "if it had no -1/-1 counters on it, return it to the battlefield under its owner's "
                                  "control with a -1/-1 counter on it.)")
    assert classes(finks) == {"Persist": MODELLED, "When Kitchen Finks enters, you gain 2 life.": MAY_CHANGE}
    assert classes(card("Kitchen Finks", "When Kitchen Finks enters, you gain 2 life.")) == {
        "When Kitchen Finks enters, you gain 2 life.": "enters"}
    undying = card("Geralf's Messenger", "Geralf's Messenger enters the battlefield tapped.\nWhen Geralf's Messenger "
                                         "enters the battlefield, target opponent loses 2 life.\nUndying")
    assert len(undying.unmodelled) == 2 and undying.inert == ()


def test_only_a_return_of_the_card_itself_in_combat_makes_its_enters_lines_matter() -> None:
    """702.79a, 603.6a: a line that may bring the card back during the combat keeps its enters lines noted;
    a return as a sorcery (602.5d) or at the next upkeep (503.1, after the combat phase, 506.1) does not."""
    wanderer = card("Dread Wanderer", "Dread Wanderer enters the battlefield tapped.\n{2}{B}: Return Dread Wanderer "
                                      "from your graveyard to the battlefield. Activate this ability only any time you "
                                      "could cast a sorcery and only if you have one or fewer cards in hand.")
    assert [why.key for _, why in wanderer.inert] == ["enters", "zone"] and wanderer.unmodelled == ()
    obzedat = card("Obzedat, Ghost Council", "When Obzedat, Ghost Council enters the battlefield, target opponent "
                   "loses 2 life and you gain 2 life.\nAt the beginning of your end step, you may exile Obzedat. If "
                   "you do, return it to the battlefield under its owner's control at the beginning of your next "
                   "upkeep. It gains haste.", legendary=True)
    assert [why.key for _, why in obzedat.inert] == ["enters", "step"] and obzedat.unmodelled == ()
    from pysolver.files.oracle import _returns
    for name, line in (("Aethergeode Miner", "Pay {E}{E}: Exile Aethergeode Miner, then return it to the battlefield "
                                             "under its owner's control."),
                       ("Ashcloud Phoenix", "When Ashcloud Phoenix dies, return it to the battlefield face down under "
                                            "your control.")):
        assert _returns(shape(line, name))


def test_a_hidden_zone_effect_with_a_cost_that_matters_may_change_the_answer() -> None:
    """Only costs of mana or a discard keep a draw inert: tapping (509.1c), paying life or removing counters
    changes the board (modelled, pysolver.rules.activated and pysolver.rules.costs: 122.1a); a draw after an
    optional payment of mana as a trigger resolves is inert as a mana-costed activation is (118.12, 603.5: declining
    keeps every mana a pump could use, 602.2b), a payment of {E} is not (107.14: energy another cost reads)."""
    assert classes(card("Merfolk Looter", "{T}: Draw a card, then discard a card.")) == {
        "{T}: Draw a card, then discard a card.": MODELLED}
    line = "Remove two +1/+1 counters from Mindless Automaton: Draw a card."
    assert classes(card("Mindless Automaton", line)) == {line: MODELLED}
    assert classes(card("Jace's Erasure", "{1}{U}: Draw a card, then discard a card.")) == {
        "{1}{U}: Draw a card, then discard a card.": "hidden"}
    line = "Whenever Scroll Thief deals combat damage to a player, you may pay {1}. If you do, draw a card."
    assert classes(card("Scroll Thief", line)) == {line: "hidden"}
    for name, line in (("Carrion Thrash", "When Carrion Thrash dies, you may pay {2}. If you do, return another "
                                          "target creature card from your graveyard to your hand."),
                       ("Insidious Bookworms", "When Insidious Bookworms dies, you may pay {1}{B}. If you do, target "
                                               "player discards a card at random."),
                       ("Azorius Aethermage", "Whenever a permanent is returned to your hand, you may pay {1}. If you "
                                              "do, draw a card.")):
        assert classes(card(name, line)) == {line: "hidden"}
    line = "Whenever Scroll Thief attacks, you may pay {E}. If you do, draw a card."
    assert classes(card("Scroll Thief", line)) == {line: MAY_CHANGE}
    line = "Whenever Looter il-Kor deals damage to an opponent, draw a card, then discard a card."
    assert classes(card("Looter il-Kor", line))[line] == "hidden"


def test_removal_lines_of_real_cards_are_modelled() -> None:
    """205.2a, 701.8a, 400.7 (pysolver.rules.activated): a removal's target of card types is read as the creatures
    of those types; one that may remove a land is not (106.4: a land's mana is in `mana`, unattributed)."""
    for name, line in (("Qasali Pridemage", "{1}, Sacrifice Qasali Pridemage: Destroy target artifact or enchantment."),
                       ("Goblin Trashmaster", "Sacrifice a Goblin: Destroy target artifact."),
                       ("Keening Apparition", "Sacrifice Keening Apparition: Destroy target enchantment."),
                       ("Joven", "{R}{R}{R}, {T}: Destroy target noncreature artifact."),
                       ("Nova Cleric", "{2}{W}, {T}, Sacrifice Nova Cleric: Destroy all enchantments."),
                       ("Hoard-Smelter Dragon", "{3}{R}: Destroy target artifact. Hoard-Smelter Dragon gets +X/+0 "
                                                "until end of turn, where X is that artifact's converted mana cost."),
                       ("Vona, Butcher of Magan", "{T}, Pay 7 life: Destroy target nonland permanent. Activate this "
                                                  "ability only during your turn."),
                       ("Galecaster Colossus", "Tap an untapped Wizard you control: Return target nonland permanent "
                                               "you don't control to its owner's hand.")):
        assert classes(card(name, line)) == {line: MODELLED}
    line = "{R}, Sacrifice Barbarian Riftcutter: Destroy target land."
    assert classes(card("Barbarian Riftcutter", line)) == {line: MAY_CHANGE}


def test_switching_lines_of_real_cards_are_modelled() -> None:
    """613.4d (pysolver.rules.activated): "switch ~'s / each creature's power and toughness until end of turn"."""
    for name, line in (("Windreaver", "{U}: Switch Windreaver's power and toughness until end of turn."),
                       ("Mannichi, the Fevered Dream", "{1}{R}: Switch each creature's power and toughness until end "
                                                       "of turn.")):
        assert classes(card(name, line)) == {line: MODELLED}


def test_giving_shadow_to_a_target_creature_of_a_real_card_is_modelled() -> None:
    """702.28b, 613.1f (pysolver.rules.activated): Dauthi Trapper's "{T}: Target creature gains shadow until end of
    turn"."""
    line = "{T}: Target creature gains shadow until end of turn."
    assert classes(card("Dauthi Trapper", line)) == {line: MODELLED}


def test_a_creature_token_target_of_a_real_card_is_modelled() -> None:
    """111.1, 115.1: Dogged Hunter's "{T}: Destroy target creature token"; 509.1g: Knight of Dusk's target;
    702.14a: Merfolk Assassin's."""
    line = "{T}: Destroy target creature token."
    assert classes(card("Dogged Hunter", line)) == {line: MODELLED}
    line = "{B}{B}: Destroy target creature blocking Knight of Dusk."  # 509.1g
    assert classes(card("Knight of Dusk", line)) == {line: MODELLED}
    line = "{T}: Destroy target creature with islandwalk."  # 702.14a
    assert classes(card("Merfolk Assassin", line)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [
    ("Ivy Dancer", "{T}: Target creature gains forestwalk until end of turn."),
    ("Elvish Pathcutter", "{2}{G}: Target Elf creature gains forestwalk until end of turn."),
    ("Enslaved Scout", "{2}: Enslaved Scout gains mountainwalk until end of turn."),
    ("Veldrane of Sengir", "{1}{B}{B}: Veldrane of Sengir gets -3/-0 and gains forestwalk until end of turn.")])
def test_giving_landwalk_lines_of_real_cards_are_modelled(name: str, line: str) -> None:
    """702.14a, 613.1f: a landwalk given until end of turn, to a target creature or to the card itself."""
    assert classes(card(name, line)) == {line: MODELLED}


def test_the_modes_of_a_modal_ability_have_the_class_of_its_first_line() -> None:
    """700.2: "• …" lines are the modes of the ability the line before them starts. Knight of Autumn's modes
    are part of its enters trigger (603.6a: inert); Putrid Warrior's of a trigger that may change the answer."""
    knight = card("Knight of Autumn", "When Knight of Autumn enters the battlefield, choose one —\n• Put two +1/+1 "
                                      "counters on Knight of Autumn.\n• Destroy target artifact or enchantment.\n"
                                      "• You gain 4 life.")
    assert set(classes(knight).values()) == {"enters"} and len(knight.inert) == 4
    putrid = card("Putrid Warrior", "Whenever Putrid Warrior deals damage, choose one —\n• Each player loses 1 "
                                    "life.\n• Each player gains 1 life.")
    assert set(classes(putrid).values()) == {MAY_CHANGE} and len(putrid.unmodelled) == 3


def test_a_keyword_line_is_classified_part_by_part() -> None:
    """"Flying, flash" (a keyword line, 702.1): flying modelled, flash inert; "Hexproof" modelled (702.11); an
    older printing's "Flying; trample; rampage 4" (Teeka's Dragon) is three keywords too."""
    assert classes(card("Teeka's Dragon", "Flying; trample; rampage 4")) == {
        "Flying": MODELLED, "trample": MODELLED, "rampage 4": MODELLED}
    assert classes(card("Spectral Sailor", "Flash\nFlying\n{3}{U}: Draw a card.")) == {
        "Flying": MODELLED, "Flash": "spell", "{3}{U}: Draw a card.": "hidden"}
    assert classes(card("Sacred Wolf", "Hexproof")) == {"Hexproof": MODELLED}


def test_a_timing_restriction_is_read_only_on_the_ability_it_restricts() -> None:
    """602.5d: a granted sorcery-speed ability beside a granted keyword does not make the grant inert."""
    line = 'All Slivers have haste and "{T}: Draw a card. Activate only as a sorcery."'
    assert classes(card("Test Sliver", line)) == {line: MAY_CHANGE}


def test_a_compound_trigger_with_a_combat_event_is_not_a_cast_trigger() -> None:
    line = ("Whenever an opponent casts a spell during your turn or when Prowling Serpopard dies, create a 1/1 "
            "green Elemental creature token.")
    assert classes(card("Prowling Serpopard", line)) == {line: MAY_CHANGE}


def test_the_shape_the_classifier_reads() -> None:
    """The card's name, its shortened name (201.5c) and "this creature" as ~; no ability word (207.2c)."""
    assert shape("Landfall — Whenever a land enters the battlefield under your control, Steppe Lynx gets +2/+2.",
                 "Steppe Lynx") == "whenever a land enters under your control, ~ gets +2/+2"
    assert shape("Channel — {1}{G}, Discard Arashi: Arashi deals 1 damage.", "Arashi, the Sky Asunder",
                 "Arashi") == "{1}{g}, discard ~: ~ deals 1 damage"


def test_the_classification_api() -> None:
    """`pysolver.classify(card)` and `card.classification`: the modelled lines, the inert ones, then those
    that may change the answer, each with its class and (inert) reason."""
    akroma = pysolver.load_cards("tests/fixtures/scryfall-cards.json")["akroma, angel of fury"]
    listed = pysolver.classify(akroma)
    assert listed == akroma.classification
    assert [x.status for x in listed] == [MODELLED] * 5 + [INERT]
    assert listed[-1].line == "This spell can't be countered." and listed[-1].reason is REASONS["spell"]
    assert all(x.reason is None for x in listed[:5])


def test_every_reason_is_documented_with_its_rule() -> None:
    from pathlib import Path
    page = (Path(__file__).parents[1] / "docs" / "engines.md").read_text(encoding="utf-8")
    for r in REASONS.values():
        assert f"| `{r.key}` | {r.rule} |" in page, r.key


@pytest.mark.parametrize(("name", "line"), [
    ("Deathspore Thallid", "Remove three spore counters from Deathspore Thallid: Create a 1/1 green Saproling "
                           "creature token."),
    ("Jolting Merfolk", "Remove a fade counter from Jolting Merfolk: Tap target creature."),
    ("Kaiso, Memory of Loyalty", "Remove a ki counter from Kaiso, Memory of Loyalty: Prevent all damage that would "
                                 "be dealt to target creature this turn."),
    ("Scarmaker", "Remove a ki counter from Scarmaker: Target creature gains fear until end of turn."),
    ("Icatian Javelineers", "{T}, Remove a javelin counter from Icatian Javelineers: Icatian Javelineers deals 1 "
                            "damage to target creature or player."),
    ("Pious Kitsune", "{T}, Remove a devotion counter from Pious Kitsune: You gain 1 life.")])
def test_named_counter_costs_of_real_cards_are_modelled(name: str, line: str) -> None:
    """122.1, 602.1a: "Remove N <name> counters from ~" is a cost the grammar reads (the permanent's `counters`)."""
    assert classes(card(name, line, legendary="," in name)) == {line: MODELLED}


@pytest.mark.parametrize(("name", "line"), [("Arcbound Worker", "Modular 1"), ("Arcbound Hybrid", "Modular 2"),
                                            ("Arcbound Lancer", "Modular 4")])
def test_modular_of_real_cards_is_modelled(name: str, line: str) -> None:
    """702.43a: modular is read as its death trigger (its enters half has acted, 603.6a)."""
    assert classes(card(name, line)) == {line: MODELLED}


def test_122_1_a_named_counter_a_line_of_the_card_removes_may_change_the_answer() -> None:
    """122.1: "put a charge counter on it" is inert only while no other line of the card reads charge counters in
    combat (Lightning Reaver's end-step damage does not; a cost "Remove a charge counter from ~" would)."""
    put = "Whenever Lightning Reaver deals combat damage to a player, put a charge counter on it."
    end = ("At the beginning of your end step, Lightning Reaver deals damage equal to the number of charge counters "
           "on it to each opponent.")
    cost = "Remove a charge counter from Lightning Reaver: Lightning Reaver gets +1/+1 until end of turn."
    assert classes(card("Lightning Reaver", f"{put}\n{end}")) == {put: "named", end: "step"}
    assert classes(card("Lightning Reaver", f"{put}\n{cost}"))[put] == MAY_CHANGE


@pytest.mark.parametrize("name", ["Sunhome Stalwart", "Truefire Captain"])
def test_mentor_of_real_cards_is_modelled(name: str) -> None:
    """702.134a: mentor is read as its attack trigger."""
    assert classes(card(name, "Mentor")) == {"Mentor": MODELLED}


def test_damage_equal_to_named_counters_of_a_real_card_is_modelled() -> None:
    """122.1, 608.2h: Kjeldoran Javelineer's damage counts its age counters (the permanent's `counters`)."""
    line = ("{T}: Kjeldoran Javelineer deals damage equal to the number of age counters on it to target attacking or "
            "blocking creature.")
    assert classes(card("Kjeldoran Javelineer", line)) == {line: MODELLED}


def test_life_equal_to_named_counters_of_a_real_card_is_modelled() -> None:
    """122.1, 608.2h: Revered Unicorn's leaves-the-battlefield trigger counts its age counters as it last existed."""
    line = "When Revered Unicorn leaves the battlefield, you gain life equal to the number of age counters on it."
    assert classes(card("Revered Unicorn", line)) == {line: MODELLED}

"""Mail and Deal cards as data. Decks in the game state are lists of indexes into these tuples.

How a card reads (its label, in a language) is written by bot/render/language/cards.py.
"""

from dataclasses import dataclass
from enum import StrEnum


class MailKind(StrEnum):
    BILL = "bill"
    MONSTER = "monster"
    CHARITY = "charity"
    MAD_MONEY = "mad_money"
    NEIGHBOR = "neighbor"
    MOVE_AHEAD = "move_ahead"
    JUNK = "junk"
    MONEYGRAM = "moneygram"
    COLLECTION = "collection"
    POSTCARD = "postcard"
    TICKET = "ticket"
    SWELLFARE = "swellfare"
    INSURANCE = "insurance"


class Tag(StrEnum):
    """Classic bills and insurance: an insurance policy cancels every bill with its tag."""

    NONE = ""
    CAR = "car"
    HEALTH = "health"


@dataclass(frozen=True, slots=True)
class MailCard:
    kind: MailKind
    amount: int
    name: str
    """The English name, also the message id that translates it (`L.pgettext("mail", name)`)."""
    flavor: str
    tag: Tag = Tag.NONE
    """Classic bills and insurance: CAR or HEALTH (an insurance policy cancels the bills it matches)."""


@dataclass(frozen=True, slots=True)
class DealCard:
    name: str
    """The English name, also the message id that translates it (`L.pgettext("deal", name)`)."""
    cost: int
    value: int
    commission: int = 0
    """Classic: paid by the Bank to the highest roller when somebody buys this Deal."""

    @property
    def profit(self) -> int:
        return self.value - self.cost


def _mail(kind: MailKind, rows: list[tuple[int, str, str]]) -> tuple[MailCard, ...]:
    return tuple(MailCard(kind, amount, name, flavor) for amount, name, flavor in rows)


MODERN_BILLS = _mail(
    MailKind.BILL,
    [
        (5000, "New Roof", "The squirrels had opinions about the old one."),
        (3000, "Braces", "Your smile is an investment. A large one."),
        (2500, "Transmission Rebuild", "The car now shifts gears and your budget."),
        (2000, "Property Tax", "The town thanks you for the pothole it will not fix."),
        (1500, "Vet Visit", "The cat swallowed a sock. Again."),
        (1500, "Furnace Repair", "Winter waited until the repairman's weekend."),
        (800, "Car Insurance", "Coverage for everything except what happened."),
        (700, "Phone Plan", "Unlimited data, limited money."),
        (600, "Electric Bill", "Someone left the porch light on since June."),
        (500, "Dentist", "No cavities, many invoices."),
        (300, "Water Bill", "The garden looks great, though."),
        (300, "Overdue Library Books", "The mystery novel's real mystery: the late fee."),
        (300, "Gym Membership", "You went twice. It was a good twice."),
        (200, "Newspaper Delivery", "Mostly delivered to the hedge."),
        (200, "Plumber Call-Out", "It was a sock. The cat is fine."),
        (100, "Parking Ticket", "The meter ran out one minute before you did."),
    ],
)

MODERN_MONSTER = _mail(
    MailKind.MONSTER,
    [
        (1000, "Gadget Galaxy Card", "Every gadget was on sale, so you saved a fortune."),
        (3000, "Platinum Shopper Card", "The points will pay for themselves. Eventually."),
        (4000, "Mega Mall Card", "Three floors, two food courts, one statement."),
    ],
)

MODERN_CHARITY = _mail(
    MailKind.CHARITY,
    [
        (400, "Animal Shelter Drive", "The puppies said thank you. Loudly."),
        (400, "Food Bank Appeal", "A good deed, straight to the Jackpot."),
        (400, "Library Roof Fund", "The library's turn for a new roof."),
        (400, "Park Clean-Up", "Gloves, bags, and a donation on top."),
        (300, "School Band Uniforms", "Seventy-six trombones need matching hats."),
        (200, "Blood Drive Cookies", "You gave blood; the cookies cost extra."),
    ],
)

MODERN_MAD_MONEY = _mail(
    MailKind.MAD_MONEY,
    [
        (2000, "Won the Office Bet", "Collect from the player of your choice."),
        (2000, "Sold Your Old Couch", "Someone at this table bought it. Collect."),
        (1500, "Tax Advice", "You did a neighbour's taxes. Send the bill."),
        (1000, "Lawn Service", "You mowed their lawn all summer. Collect."),
        (400, "Babysitting", "Three kids, one evening, fair price."),
        (300, "Car Wash Fundraiser", "They drove off sparkling; now they pay."),
        (200, "Returned Casserole Dish", "With interest, naturally."),
        (100, "Lemonade Stand", "Business is booming on your street."),
    ],
)

MODERN_NEIGHBOR = _mail(
    MailKind.NEIGHBOR,
    [
        (2000, "Fence Dispute", "Pay a neighbour of your choice to settle it."),
        (2000, "Dented Their Car", "Reversing is hard. Paying is harder."),
        (1000, "Dog Ate Their Shoes", "Good dog. Expensive dog."),
        (300, "Borrowed Ladder Broke", "It was old anyway, but pay up."),
        (300, "Loud Party", "An apology with cash attached."),
        (300, "Baseball Through Window", "Great hit, poor aim."),
        (200, "Hedge Trimming", "They trimmed yours too."),
        (200, "Lost Their Rake", "Somewhere under the leaves, probably."),
    ],
)

MODERN_MOVE_AHEAD = _mail(
    MailKind.MOVE_AHEAD,
    [
        (0, "Hot Tip", "Move ahead to the next Deal or the next Buyer."),
        (0, "Garage Sale Flyer", "Move ahead to the next Deal or the next Buyer."),
        (0, "Business Card", "Move ahead to the next Deal or the next Buyer."),
        (0, "Classified Ad", "Move ahead to the next Deal or the next Buyer."),
        (0, "Auction Notice", "Move ahead to the next Deal or the next Buyer."),
        (0, "Friend of a Friend", "Move ahead to the next Deal or the next Buyer."),
        (0, "Trade Show Pass", "Move ahead to the next Deal or the next Buyer."),
    ],
)

MODERN_MAIL: tuple[MailCard, ...] = (
    MODERN_BILLS + MODERN_MONSTER + MODERN_CHARITY + MODERN_MAD_MONEY + MODERN_NEIGHBOR + MODERN_MOVE_AHEAD
)

FAMILY_MAIL: tuple[MailCard, ...] = (
    MODERN_BILLS
    + MODERN_MONSTER
    + tuple(MailCard(MailKind.MONEYGRAM, c.amount, c.name, c.flavor) for c in MODERN_CHARITY)
    + MODERN_MAD_MONEY
    + MODERN_NEIGHBOR
    + _mail(
        MailKind.JUNK,
        [
            (0, "Pizza Coupons", "Buy one, buy another one."),
            (0, "Furniture Catalogue", "Two hundred pages of chairs."),
            (0, "Credit Card Offer", "Pre-approved for things you don't need."),
        ],
    )
    + _mail(
        MailKind.POSTCARD,
        [
            (0, "Postcard from the Beach", "Wish you were here. Sand everywhere."),
            (0, "Postcard from Grandma", "She knitted you another scarf."),
        ],
    )
)

MODERN_DEALS: tuple[DealCard, ...] = tuple(
    DealCard(name, cost, value)
    for name, cost, value in [
        ("Rocket Ship International", 12000, 20000),
        ("Everglades Condo", 12000, 20000),
        ("Fly-By-Night Airlines", 11000, 19000),
        ("Hot Rocks Jewelry", 11000, 16000),
        ("Humungous Hippos", 10000, 18000),
        ("Rock More Records", 10000, 15000),
        ("Sahara Safari", 9500, 14000),
        ("Dipsydoodle Noodles", 8000, 12000),
        ("Pete's Pizza Palace", 8000, 12000),
        ("Galloping Golf Ball", 8000, 12000),
        ("Laughing Gas", 7500, 13000),
        ("Teen Jeans", 7000, 14000),
        ("Louie's Limos", 6000, 11000),
        ("Yum Yum Yogurt", 5000, 9000),
        ("Miss Muffet's Tuffets", 4000, 7500),
        ("Shepherd's Pie", 3500, 6500),
        ("Fish 'N' Cheeps Pet Store", 3500, 7000),
        ("Pop's Soda Pop", 3500, 6000),
        ("Heavenly Pink Cosmetics", 3500, 6000),
        ("Chuckles Comedy Club", 3000, 6500),
        ("Gotcha Security", 2500, 6500),
        ("Burgers 'N' Buns", 2000, 6000),
        ("Wheels 'N' Squeals", 2000, 5500),
        ("Tippytoe Ballet School", 2000, 5500),
    ]
)

FAMILY_DEALS: tuple[DealCard, ...] = tuple(d for d in MODERN_DEALS if d.cost < 10000)


# -- Classic (1975), reconstructed --------------------------------------------------------------------
# The 1975 card lists are not published: these 72 Mail cards and 16 Deals follow the kinds and the
# scale the 1975 rule texts describe ($325 salary, notes of $5 to $500); names and amounts are ours.


def _tagged(kind: MailKind, tag: Tag, rows: list[tuple[int, str, str]]) -> tuple[MailCard, ...]:
    return tuple(MailCard(kind, amount, name, flavor, tag) for amount, name, flavor in rows)


CLASSIC_BILLS = (
    _tagged(
        MailKind.BILL,
        Tag.CAR,
        [
            (150, "Fender Bender", "You backed into the only lamppost in the lot."),
            (120, "Brake Job", "Stopping is optional. Paying is not."),
            (90, "Leaky Transmission", "A puddle on the driveway, a hole in the budget."),
            (80, "New Muffler", "It was quieter before the bill came."),
            (60, "Tune-Up", "Points, plugs and a lecture about the choke."),
            (45, "Snow Tires", "Chains would have been cheaper. And louder."),
            (35, "Dead Battery", "The dome light stayed on all night."),
            (25, "Tow Truck", "Out of gas on the freeway, again."),
        ],
    )
    + _tagged(
        MailKind.BILL,
        Tag.HEALTH,
        [
            (200, "Hospital Stay", "Three nights, two Jell-O cups, one bill."),
            (125, "Broken Arm", "The skateboard came through without a scratch."),
            (100, "Two Fillings", "And a free toothbrush, so that's nice."),
            (75, "New Eyeglasses", "Now you can read the bill. It's bigger than you thought."),
            (60, "Allergy Tests", "Forty pinpricks to learn it's the cat."),
            (50, "Doctor's House Call", "He brought his little black bag and his invoice."),
            (40, "Flu Shots", "For the whole family; the lollipops were free."),
            (30, "Drugstore Run", "Cough syrup, aspirin and a bottle of iodine."),
        ],
    )
    + _tagged(
        MailKind.BILL,
        Tag.NONE,
        [
            (150, "Color TV Repair", "The picture rolls, and so does the repairman's meter."),
            (100, "Furnace Repair", "It quit on the first cold night, as furnaces do."),
            (90, "Telephone Bill", "Long distance to Aunt Edna adds up."),
            (70, "Electric Bill", "The new air conditioner hums along nicely."),
            (50, "Gas Bill", "Fondue every weekend has its price."),
            (40, "Water Bill", "The kids discovered the sprinkler."),
            (30, "Magazine Subscriptions", "Eleven magazines, zero read."),
            (20, "Paper Boy", "He aims for the porch and hits the roses."),
        ],
    )
)

CLASSIC_COLLECTIONS = _mail(
    MailKind.COLLECTION,
    [
        (150, "Inheritance from Great-Uncle Ned", "He left you his savings and his accordion."),
        (100, "Tax Refund", "Uncle Sam says oops."),
        (80, "Bowling League Winnings", "The Gutter Kings take the trophy at last."),
        (75, "Mail-In Rebate", "You sent in the coupon and, amazingly, it worked."),
        (60, "Savings Bond Matured", "Grandpa bought it the day you were born."),
        (50, "Birthday Card from Grandma", "With a crisp bill inside, as always."),
        (45, "Freelance Check", "For your article on macramé plant hangers."),
        (40, "Record Club Refund", "They finally noticed you sent the records back."),
        (35, "Utility Overcharge Refund", "The meter reader needs new glasses."),
        (25, "Jingle Contest Prize", "Third place, for a song about soap."),
        (20, "Recipe Printed in a Magazine", "Your tuna casserole, famous at last."),
        (10, "Old Debt Repaid", "Your brother-in-law paid you back. Frame it."),
    ],
)

CLASSIC_POSTCARDS = _mail(
    MailKind.POSTCARD,
    [
        (0, "Postcard from Niagara Falls", "The honeymooners say hello. Mostly to each other."),
        (0, "Postcard from the Grand Canyon", "It's big. Wish you were here."),
        (0, "Postcard from Miami Beach", "Sunburned in the first hour."),
        (0, "Postcard from Camp", "Please send cookies. And a flashlight."),
        (0, "Postcard from Paris", "Your cousin has discovered berets."),
        (0, "Postcard from the World's Fair", "They saw the future. It had monorails."),
    ],
)

CLASSIC_JUNK = _mail(
    MailKind.JUNK,
    [
        (0, "Encyclopedia Offer", "Volume A free! Volumes B to Z, not so much."),
        (0, "Record Club Offer", "Twelve albums for a penny, then a lifetime of postage."),
        (0, "Seed Catalogue", "Tomatoes the size of bowling balls, allegedly."),
        (0, "Aluminum Siding Flyer", "Never paint again! Never afford anything again!"),
        (0, "Dance Lessons Coupon", "Learn the Hustle in just six easy weeks."),
        (0, "Sweepstakes Entry", "You may already have won! You haven't."),
        (0, "Grand Opening Flyer", "A new supermarket with its own parking lot."),
        (0, "Chain Letter", "Send ten copies or face mild inconvenience."),
    ],
)

CLASSIC_TICKETS = _mail(
    MailKind.TICKET,
    [
        (200, "State Lottery Ticket", "Cash it on a Lottery Draw day this month, or it's void."),
        (150, "Sweepstakes Ticket", "Cash it on a Lottery Draw day this month, or it's void."),
        (100, "County Fair Raffle Ticket", "Cash it on a Lottery Draw day this month, or it's void."),
        (100, "Firemen's Raffle Ticket", "Cash it on a Lottery Draw day this month, or it's void."),
        (75, "Church Bingo Card", "Cash it on a Lottery Draw day this month, or it's void."),
        (75, "Bowling Alley Raffle Ticket", "Cash it on a Lottery Draw day this month, or it's void."),
        (50, "PTA Raffle Ticket", "Cash it on a Lottery Draw day this month, or it's void."),
        (50, "Supermarket Prize Ticket", "Cash it on a Lottery Draw day this month, or it's void."),
        (25, "Radio Station Lucky Number", "Cash it on a Lottery Draw day this month, or it's void."),
        (25, "Gas Station Game Card", "Cash it on a Lottery Draw day this month, or it's void."),
    ],
)

CLASSIC_SWELLFARE = _mail(
    MailKind.SWELLFARE,
    [
        (0, "Swellfare Office", "In over your head? Bet up to $100 on one roll."),
        (0, "Swellfare Hotline", "A 5 or a 6 pays ten times your bet."),
        (0, "Swellfare Appointment", "Bring your bills and your lucky rabbit's foot."),
        (0, "Swellfare Form 1040-S", "Fill in the bet, roll the die, hope."),
        (0, "Swellfare Caseworker", "She has seen worse. Not much worse."),
        (0, "Swellfare Reminder", "Only for players whose debts outrun their cash."),
    ],
)

CLASSIC_INSURANCE = _tagged(
    MailKind.INSURANCE,
    Tag.CAR,
    [
        (100, "Carr Insurance Co. Deluxe Policy", "Every car bill, cancelled, for the rest of the game."),
        (75, "Carr Insurance Co. Standard Policy", "Every car bill, cancelled, for the rest of the game."),
        (50, "Carr Insurance Co. Thrifty Policy", "Every car bill, cancelled, for the rest of the game."),
    ],
) + _tagged(
    MailKind.INSURANCE,
    Tag.HEALTH,
    [
        (100, "Aches & Pains Insurance Co. Deluxe Plan", "Every health bill, cancelled, for good."),
        (75, "Aches & Pains Insurance Co. Family Plan", "Every health bill, cancelled, for good."),
        (50, "Aches & Pains Insurance Co. Basic Plan", "Every health bill, cancelled, for good."),
    ],
)

CLASSIC_MAIL: tuple[MailCard, ...] = (
    CLASSIC_BILLS
    + CLASSIC_COLLECTIONS
    + CLASSIC_POSTCARDS
    + CLASSIC_JUNK
    + CLASSIC_TICKETS
    + CLASSIC_SWELLFARE
    + CLASSIC_INSURANCE
)

CLASSIC_DEALS: tuple[DealCard, ...] = tuple(
    DealCard(name, cost, value, commission)
    for name, cost, value, commission in [
        ("Mobile Home Park", 500, 900, 50),
        ("Drive-In Theater", 450, 800, 45),
        ("Bowling Alley", 400, 700, 40),
        ("Disco Roller Rink", 350, 650, 35),
        ("Car Wash", 350, 600, 35),
        ("Pet Rock Factory", 300, 550, 30),
        ("Mood Ring Boutique", 300, 500, 30),
        ("Eight-Track Tape Store", 250, 450, 25),
        ("Lava Lamp Company", 250, 400, 25),
        ("Pinball Arcade", 200, 400, 20),
        ("Hamburger Stand", 200, 350, 20),
        ("Laundromat", 150, 300, 15),
        ("CB Radio Shop", 150, 250, 15),
        ("Macramé Studio", 125, 225, 10),
        ("Shoeshine Stand", 100, 200, 10),
        ("Lemonade Franchise", 100, 175, 10),
    ]
)

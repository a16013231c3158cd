"""Mail and Deal cards as data. Decks in the game state are lists of indexes into these tuples."""

from dataclasses import dataclass

BILL = "bill"
MONSTER = "monster"
CHARITY = "charity"
MAD_MONEY = "mad_money"
NEIGHBOR = "neighbor"
MOVE_AHEAD = "move_ahead"
JUNK = "junk"
MONEYGRAM = "moneygram"

KIND_LABELS = {
    BILL: "Bill",
    MONSTER: "Monster Charge",
    CHARITY: "Charity",
    MAD_MONEY: "Mad Money",
    NEIGHBOR: "Pay a Neighbor",
    MOVE_AHEAD: "Move Ahead",
    JUNK: "Junk Mail",
    MONEYGRAM: "Moneygram",
}

HELD_KINDS = frozenset({BILL, MONSTER, JUNK})
"""Mail kept in front of the player until Pay Day; every other kind acts at once."""


@dataclass(frozen=True, slots=True)
class MailCard:
    kind: str
    amount: int
    name: str
    flavor: str

    @property
    def label(self) -> str:
        money = f" ${self.amount:,}" if self.amount else ""
        return f"{KIND_LABELS[self.kind]}{money}: {self.name}"


@dataclass(frozen=True, slots=True)
class DealCard:
    name: str
    cost: int
    value: int

    @property
    def profit(self) -> int:
        return self.value - self.cost

    @property
    def label(self) -> str:
        return f"{self.name} (cost ${self.cost:,}, sells for ${self.value:,})"


def _mail(kind: str, rows: list[tuple[int, str, str]]) -> tuple[MailCard, ...]:
    return tuple(MailCard(kind, amount, name, flavor) for amount, name, flavor in rows)


MODERN_BILLS = _mail(
    BILL,
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
    MONSTER,
    [
        (1000, "Gadget Galaxy Card", "Every gadget was on sale, so you saved a fortune."),
        (3000, "Platinum Shopper Card", "The points will pay for themselves. Eventually."),
        (4000, "Mega Mall Card", "Three floors, two food courts, one statement."),
    ],
)

MODERN_CHARITY = _mail(
    CHARITY,
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
    MAD_MONEY,
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
    NEIGHBOR,
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
    MOVE_AHEAD,
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
    + tuple(MailCard(MONEYGRAM, c.amount, c.name, c.flavor) for c in MODERN_CHARITY)
    + MODERN_MAD_MONEY
    + MODERN_NEIGHBOR
    + _mail(
        JUNK,
        [
            (0, "Pizza Coupons", "Buy one, buy another one."),
            (0, "Furniture Catalogue", "Two hundred pages of chairs."),
            (0, "Credit Card Offer", "Pre-approved for things you don't need."),
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

"""Magic Realm Expansion One (seed 002): its tables and the rolls of bounty, stealing, gambling, offroad and
gate travel; the new tiles, setup, characters, combat, monsters, spells, treasures, travellers and guilds;
and the living realm played day by day (:class:`.days.RealmDays`, seen by its rule modules as a
:class:`.realm.Realm`; travellers wander in :mod:`.wandering`, monster generators breed in :mod:`.generators`,
characters and travellers are placed by :mod:`.placing`).
"""
